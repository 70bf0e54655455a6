import { Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { HolderBody, Shop } from "../../../../contract/ticketing-orders";
import { useMoney } from "./money";
import { QuantityStepper } from "./QuantityStepper";
import {
  available,
  chosenOptions,
  chosenTicketIds,
  optionMax,
  optionsOf,
  type ShopDraft,
  type ShopTicket,
  ticketGroups,
  withOption,
  withQuantity,
} from "./shop-selection";

/** Below this many units left, the buyer is told how many remain. */
const fewLeft = 10;

type Props = {
  shop: Shop;
  draft: ShopDraft;
  onChange(draft: ShopDraft): void;
  /** Units the buyer's cart holds already, theirs on top of what is left. */
  held: Map<string, number>;
  /** Messages by cart-body path ("items.0.ticketId", "buyer.email"). */
  errors: Record<string, string>;
};

/** The tickets on sale with a count each, the options of the chosen ones, and who each extra unit is for. */
export function TicketChooser({ shop, draft, onChange, held, errors }: Props) {
  const { t } = useTranslation();
  const chosen = chosenTicketIds(draft);
  const groups = ticketGroups(shop);
  if (groups.length === 0) return <Text>{t("ticketing.shop.noTickets")}</Text>;
  const cards = (tickets: ShopTicket[], headingOrder: 3 | 4) =>
    tickets.map((ticket) => (
      <TicketCard
        key={ticket.id}
        shop={shop}
        ticket={ticket}
        draft={draft}
        onChange={onChange}
        held={held}
        errors={errors}
        line={chosen.indexOf(ticket.id)}
        headingOrder={headingOrder}
      />
    ));
  const categorized = groups.some((group) => group.category !== null);
  return (
    <Stack gap="md" component="section" aria-label={t("ticketing.shop.tickets")}>
      {categorized
        ? groups.map(({ category, path, tickets }) => {
            const headingId = `category-${category?.id ?? "none"}`;
            return (
              <Stack key={headingId} gap="sm" component="section" aria-labelledby={category ? headingId : undefined}>
                {category && (
                  <Title
                    order={3}
                    size="h4"
                    id={headingId}
                    // The organizer's colour marks the category beside its name, never behind text.
                    style={{ borderInlineStart: `4px solid ${category.color ?? "var(--mantine-color-gray-4)"}` }}
                    pl="xs"
                  >
                    {path.join(" · ")}
                  </Title>
                )}
                {cards(tickets, category ? 4 : 3)}
              </Stack>
            );
          })
        : cards(
            groups.flatMap((group) => group.tickets),
            3,
          )}
    </Stack>
  );
}

function TicketCard({
  shop,
  ticket,
  draft,
  onChange,
  held,
  errors,
  line,
  headingOrder,
}: Omit<Props, "errors"> & {
  ticket: ShopTicket;
  errors: Record<string, string>;
  line: number;
  /** 4 under a category's heading, 3 otherwise: headings never skip a level. */
  headingOrder: 3 | 4;
}) {
  const { t } = useTranslation();
  const money = useMoney(shop.currency);
  const quantity = draft.quantities[ticket.id] ?? 0;
  const max = available(ticket, held);
  const error = line >= 0 ? errors[`items.${line}.ticketId`] : undefined;
  const ids = { price: `ticket-${ticket.id}-price`, error: `ticket-${ticket.id}-error` };
  const options = optionsOf(shop, ticket.id);
  const optionLines = chosenOptions(draft, ticket.id).map((option) => option.ticketId);
  return (
    <Card withBorder radius="md" padding="md" aria-labelledby={`ticket-${ticket.id}`} component="article">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={headingOrder} size="h4" id={`ticket-${ticket.id}`} style={{ overflowWrap: "anywhere" }}>
              {ticket.caption}
            </Title>
            <Price ticket={ticket} currency={shop.currency} id={ids.price} />
            <Availability remaining={max} unlimited={ticket.remaining === null} />
          </Stack>
          <QuantityStepper
            name={ticket.caption}
            value={quantity}
            max={max}
            describedBy={[ids.price, error ? ids.error : ""].join(" ").trim()}
            onChange={(next) => onChange(withQuantity(draft, ticket.id, next))}
          />
        </Group>
        {ticket.description && (
          <Text size="sm" c="gray.8" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {ticket.description}
          </Text>
        )}
        {error && <FieldMessage id={ids.error}>{error}</FieldMessage>}
        {quantity > 0 && options.length > 0 && (
          <Stack gap="xs" role="group" aria-label={t("ticketing.shop.optionsOf", { caption: ticket.caption })}>
            <Text fw={600} size="sm">
              {t("ticketing.shop.options")}
            </Text>
            {options.map((option) => {
              const count = draft.options[ticket.id]?.[option.id] ?? 0;
              const index = optionLines.indexOf(option.id);
              const optionError = index >= 0 ? errors[`items.${line}.options.${index}.ticketId`] : undefined;
              const optionIds = {
                price: `option-${ticket.id}-${option.id}`,
                error: `option-${ticket.id}-${option.id}-e`,
              };
              return (
                <Stack key={option.id} gap={4}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={500} style={{ overflowWrap: "anywhere" }}>
                        {option.caption}
                      </Text>
                      <Text size="sm" c="gray.8" id={optionIds.price}>
                        {t("ticketing.shop.optionPrice", { price: money(option.priceInclTaxCents) })}
                      </Text>
                    </Stack>
                    <QuantityStepper
                      name={option.caption}
                      value={count}
                      max={optionMax(option, quantity, held)}
                      describedBy={[optionIds.price, optionError ? optionIds.error : ""].join(" ").trim()}
                      onChange={(next) => onChange(withOption(draft, ticket.id, option.id, next))}
                    />
                  </Group>
                  {optionError && <FieldMessage id={optionIds.error}>{optionError}</FieldMessage>}
                </Stack>
              );
            })}
          </Stack>
        )}
        {(draft.holders[ticket.id] ?? []).slice(0, Math.max(0, quantity - 1)).map((holder, index) => (
          <HolderFields
            // The holders' list is positional: the nth extra unit of this ticket.
            // biome-ignore lint/suspicious/noArrayIndexKey: a holder has no identity before it is typed.
            key={index}
            legend={t("ticketing.shop.holder", { caption: ticket.caption, number: index + 2 })}
            holder={holder}
            path={`items.${line}.holders.${index}`}
            errors={errors}
            onChange={(next) =>
              onChange({
                ...draft,
                holders: {
                  ...draft.holders,
                  [ticket.id]: (draft.holders[ticket.id] ?? []).map((current, at) => (at === index ? next : current)),
                },
              })
            }
          />
        ))}
      </Stack>
    </Card>
  );
}

function Price({ ticket, currency, id }: { ticket: ShopTicket; currency: string; id: string }) {
  const { t } = useTranslation();
  const money = useMoney(currency);
  return (
    <Text id={id} size="sm" c="gray.8">
      <Text span fw={700} size="lg" c="dark.9">
        {money(ticket.priceInclTaxCents)}
      </Text>{" "}
      {ticket.taxPercent === null
        ? t("ticketing.shop.noVat")
        : t("ticketing.shop.exclTax", { price: money(ticket.priceExclTaxCents), rate: ticket.taxPercent })}
    </Text>
  );
}

function Availability({ remaining, unlimited }: { remaining: number; unlimited: boolean }) {
  const { t } = useTranslation();
  if (unlimited) return null;
  if (remaining === 0)
    return (
      <Text size="sm" fw={600} c="red.8">
        {t("ticketing.shop.soldOut")}
      </Text>
    );
  if (remaining > fewLeft) return null;
  return (
    <Text size="sm" fw={600} c="orange">
      {t("ticketing.shop.fewLeft", { count: remaining })}
    </Text>
  );
}

export function FieldMessage({ id, children }: { id?: string; children: string }) {
  return (
    <Text id={id} size="sm" c="red.8" role="alert">
      {children}
    </Text>
  );
}

/** A person's first name, last name and email: the buyer, or who a ticket is for. */
export function HolderFields({
  legend,
  holder,
  path,
  errors,
  onChange,
  description,
}: {
  legend: string;
  holder: HolderBody;
  path: string;
  errors: Record<string, string>;
  onChange(holder: HolderBody): void;
  description?: string;
}) {
  const { t } = useTranslation();
  // The buyer's own details may come from the browser's autofill; another person's may not.
  const buyer = path === "buyer";
  const field = (name: keyof HolderBody, autoComplete: string, type = "text") => (
    <TextInput
      size="md"
      type={type}
      autoComplete={autoComplete}
      label={t(`ticketing.shop.person.${name}`)}
      withAsterisk
      value={holder[name]}
      error={errors[`${path}.${name}`]}
      onChange={(event) => onChange({ ...holder, [name]: event.currentTarget.value })}
    />
  );
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} mb="xs">
        {legend}
      </Text>
      {description && (
        <Text size="sm" c="gray.8" mb="xs">
          {description}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {field("firstName", buyer ? "given-name" : "off")}
        {field("lastName", buyer ? "family-name" : "off")}
      </SimpleGrid>
      <Stack mt="sm">{field("email", buyer ? "email" : "off", "email")}</Stack>
    </fieldset>
  );
}

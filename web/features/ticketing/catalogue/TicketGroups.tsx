import { arrayMove } from "@dnd-kit/sortable";
import { Badge, Card, ColorSwatch, Flex, Group, Stack, Switch, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { localizedText } from "../../../../contract/forms";
import { type Category, pricePeriodAt, type Ticket } from "../../../../contract/ticketing-catalogue";
import { useAlert } from "../../../ui/alert";
import { formatCents } from "../../../ui/money";
import { RowActions } from "./CatalogueParts";
import { useReorderTickets, useUpdateTicket } from "./catalogue.queries";
import { categoryOutline } from "./category-tree";
import { useEventCurrency } from "./MoneyInput";
import { SortableRows } from "./SortableRows";

type Props = {
  eventId: string;
  tickets: Ticket[];
  categories: Category[];
  editable: boolean;
  onEdit(ticket: Ticket): void;
  onDelete(ticket: Ticket): void;
};

type TicketGroup = { key: string | null; title: string; color: string | null; tickets: Ticket[] };

/** The event's tickets under their category (or subcategory), in display order; dragging reorders a group. */
export function TicketGroups({ eventId, tickets, categories, editable, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const reorder = useReorderTickets(eventId);
  const known = new Set(categories.map((category) => category.id));
  const groupOf = (ticket: Ticket) =>
    [ticket.subcategoryId, ticket.categoryId].find((id): id is string => id !== null && known.has(id)) ?? null;
  const groups: TicketGroup[] = [
    ...categoryOutline(categories).map((entry) => ({
      key: entry.category.id,
      title: entry.path.join(" › "),
      color: entry.category.color,
    })),
    { key: null, title: t("ticketing.catalogue.tickets.withoutCategory"), color: null },
  ]
    .map((group) => ({ ...group, tickets: tickets.filter((ticket) => groupOf(ticket) === group.key) }))
    .filter((group) => group.tickets.length > 0);
  const captionOf = (ticket: Ticket) =>
    localizedText(ticket.caption, i18n.language) || t("ticketing.catalogue.untitled");

  const move = (group: TicketGroup, movedId: string, overId: string) => {
    const ids = group.tickets.map((ticket) => ticket.id);
    const moved = arrayMove(ids, ids.indexOf(movedId), ids.indexOf(overId));
    const all = groups.flatMap((other) => (other === group ? moved : other.tickets.map((ticket) => ticket.id)));
    clearAlert();
    reorder.mutate(all, { onError: (error) => showAlert(error.message) });
  };

  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <Stack key={group.key ?? "none"} gap="xs" component="section" aria-label={group.title}>
          <Group gap="xs">
            {group.color && <ColorSwatch color={group.color} size={14} aria-hidden="true" />}
            <Title order={2} size="h4">
              {group.title}
            </Title>
          </Group>
          <SortableRows
            items={group.tickets}
            label={captionOf}
            disabled={!editable || reorder.isPending}
            onMove={(movedId, overId) => move(group, movedId, overId)}
          >
            {(ticket, handle) => (
              <TicketRow
                eventId={eventId}
                ticket={ticket}
                caption={captionOf(ticket)}
                handle={handle}
                editable={editable}
                onEdit={() => onEdit(ticket)}
                onDelete={() => onDelete(ticket)}
              />
            )}
          </SortableRows>
        </Stack>
      ))}
    </Stack>
  );
}

type RowProps = {
  eventId: string;
  ticket: Ticket;
  caption: string;
  handle: React.ReactNode;
  editable: boolean;
  onEdit(): void;
  onDelete(): void;
};

function TicketRow({ eventId, ticket, caption, handle, editable, onEdit, onDelete }: RowProps) {
  const { t, i18n } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const update = useUpdateTicket(eventId);
  const currency = useEventCurrency();
  const money = (cents: number) => formatCents(cents, i18n.language, currency);
  const period = pricePeriodAt(ticket.pricePeriods, new Date());
  const price = !period
    ? t("ticketing.catalogue.tickets.noPriceNow")
    : ticket.taxPercent === null
      ? t("ticketing.catalogue.tickets.priceNoVat", { price: money(period.priceInclTaxCents) })
      : t("ticketing.catalogue.tickets.priceNow", {
          incl: money(period.priceInclTaxCents),
          excl: money(period.priceExclTaxCents),
          tax: ticket.taxPercent.toLocaleString(i18n.language),
        });
  const quota =
    ticket.maxQuantity === null
      ? t("ticketing.catalogue.tickets.takenUnlimited", { taken: ticket.quantityTaken })
      : t("ticketing.catalogue.tickets.taken", { taken: ticket.quantityTaken, max: ticket.maxQuantity });
  const toggle = (field: "onSale" | "active", value: boolean) => {
    clearAlert();
    update.mutate({ id: ticket.id, body: { [field]: value } }, { onError: (error) => showAlert(error.message) });
  };

  return (
    <Card withBorder padding="sm" radius="md">
      <Group gap="sm" align="center" wrap="nowrap">
        {handle}
        {/*
          Text and controls side by side on a wide screen, one above the other below that: beside the categories panel
          a laptop's list is too narrow for both, and a caption wrapped word by word is hard to read.
        */}
        <Flex
          direction={{ base: "column", xl: "row" }}
          gap="sm"
          align={{ base: "flex-start", xl: "center" }}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} style={{ overflowWrap: "break-word", minWidth: 0 }}>
                {caption}
              </Text>
              {ticket.isOption && (
                <Badge variant="light" color="violet" c="violet.9" tt="none">
                  {t("ticketing.catalogue.tickets.option")}
                </Badge>
              )}
              {!ticket.active && (
                <Badge variant="light" color="gray" c="gray.8" tt="none">
                  {t("ticketing.catalogue.tickets.inactive")}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="gray.7">
              {price} · {quota}
            </Text>
          </Stack>
          <Group gap="md" wrap="wrap">
            <Switch
              label={t("ticketing.catalogue.tickets.onSale")}
              aria-label={t("ticketing.catalogue.tickets.onSaleOf", { name: caption })}
              checked={ticket.onSale}
              disabled={!editable || update.isPending}
              onChange={(event) => toggle("onSale", event.currentTarget.checked)}
            />
            <Switch
              label={t("ticketing.catalogue.tickets.active")}
              aria-label={t("ticketing.catalogue.tickets.activeOf", { name: caption })}
              checked={ticket.active}
              disabled={!editable || update.isPending}
              onChange={(event) => toggle("active", event.currentTarget.checked)}
            />
            {editable && <RowActions name={caption} onEdit={onEdit} onDelete={onDelete} />}
          </Group>
        </Flex>
      </Group>
    </Card>
  );
}

import { Button, Divider, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Cart, OrderItem } from "../../../../contract/ticketing-orders";
import { useMoney } from "./money";
import { cartDiscounts } from "./shop-selection";

type SummaryProps = {
  cart: Cart;
  title: string;
  /** Given when the summary's heading opens the step: the page puts the keyboard there. */
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** Shown between the discounts and the totals: the coupon field. */
  children?: React.ReactNode;
};

/** The cart's lines as the server priced them: each ticket with its holder and options, discounts, taxes, totals. */
export function CartSummary({ cart, title, headingRef, children }: SummaryProps) {
  const { t } = useTranslation();
  const money = useMoney(cart.currency);
  const { grossCents, automaticCents } = cartDiscounts(cart);
  const tickets = cart.items.filter((item) => item.parentItemId === null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="cart-summary">
      <Title order={2} size="h3" id="cart-summary" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {tickets.map((item) => (
          <CartLine
            key={item.id}
            item={item}
            options={cart.items.filter((o) => o.parentItemId === item.id)}
            money={money}
          />
        ))}
      </Stack>
      <Divider />
      <Amount label={t("ticketing.shop.summary.subtotal")} value={money(grossCents)} />
      {automaticCents > 0 && (
        <Amount label={t("ticketing.shop.summary.automaticDiscount")} value={`−${money(automaticCents)}`} />
      )}
      {cart.coupons.map((coupon) => (
        <Amount
          key={coupon.code}
          label={t("ticketing.shop.summary.coupon", { code: coupon.code })}
          value={`−${money(coupon.cents)}`}
        />
      ))}
      {children}
      <Divider />
      <Amount label={t("ticketing.shop.summary.totalExcl")} value={money(cart.totalExclTaxCents)} />
      {cart.taxes
        .filter((line) => line.taxPercent !== null)
        .map((line) => (
          <Amount
            key={line.taxPercent}
            label={t("ticketing.shop.summary.vat", { rate: line.taxPercent })}
            value={money(line.taxCents)}
          />
        ))}
      <Amount strong label={t("ticketing.shop.summary.totalIncl")} value={money(cart.totalInclTaxCents)} />
    </Stack>
  );
}

function CartLine({
  item,
  options,
  money,
}: {
  item: OrderItem;
  options: OrderItem[];
  money: (cents: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <li>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {item.caption}
          </Text>
          {item.holder && (
            <Text size="sm" c="gray.8" style={{ overflowWrap: "anywhere" }}>
              {t("ticketing.shop.summary.for", { name: `${item.holder.firstName} ${item.holder.lastName}`.trim() })}
            </Text>
          )}
          {options.map((option) => (
            <Text key={option.id} size="sm" c="gray.8">
              + {option.caption} ({money(option.unitPriceInclTaxCents)})
            </Text>
          ))}
        </Stack>
        <Text style={{ whiteSpace: "nowrap" }}>{money(item.unitPriceInclTaxCents)}</Text>
      </Group>
    </li>
  );
}

function Amount({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text fw={strong ? 700 : undefined} size={strong ? "lg" : undefined}>
        {label}
      </Text>
      <Text fw={strong ? 700 : undefined} size={strong ? "lg" : undefined} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
    </Group>
  );
}

type CouponProps = {
  applied: string[];
  /** The server's message when it refused the code typed. */
  error: string | undefined;
  pending: boolean;
  onApply(code: string): void;
  onRemove(code: string): void;
};

/** A coupon code typed and applied to the cart: the cart's answer says whether it takes, and why not. */
export function CouponField({ applied, error, pending, onApply, onRemove }: CouponProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (typed) onApply(typed);
  }
  return (
    <Stack gap="xs">
      {applied.map((appliedCode) => (
        <Group key={appliedCode} justify="space-between" wrap="nowrap">
          <Text size="sm">{t("ticketing.shop.coupon.applied", { code: appliedCode })}</Text>
          <Button
            variant="subtle"
            size="compact-md"
            onClick={() => onRemove(appliedCode)}
            disabled={pending}
            aria-label={t("ticketing.shop.coupon.removeNamed", { code: appliedCode })}
          >
            {t("ticketing.shop.coupon.remove")}
          </Button>
        </Group>
      ))}
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            size="md"
            style={{ flex: 1 }}
            label={t("ticketing.shop.coupon.label")}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={15}
            value={code}
            error={error}
            onChange={(event) => setCode(event.currentTarget.value)}
            errorProps={{ role: "alert" }}
          />
          <Button type="submit" size="md" variant="default" mt={28} loading={pending}>
            {t("ticketing.shop.coupon.apply")}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

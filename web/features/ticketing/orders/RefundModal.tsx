import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Order, OrderItem } from "../../../../contract/ticketing-orders";
import { formatCents } from "../../../ui/money";
import { holderName, ticketsWithOptions } from "./order-format";

type Props = {
  order: Order;
  pending: boolean;
  /** The server's refusal, in the user's language. */
  error: string | null;
  onRefund(items: string[]): void;
  onClose(): void;
};

/**
 * A partial refund (SPEC §4): the organizer ticks the items to give back. An option goes with its ticket, as the
 * server refunds it, so ticking a ticket ticks its options; an option alone may be refunded too.
 */
export function RefundModal({ order, pending, error, onRefund, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const groups = ticketsWithOptions(order.items).filter(
    ({ ticket, options }) => !ticket.refunded || options.some((option) => !option.refunded),
  );
  const followsTicket = (option: OrderItem) => option.parentItemId !== null && chosen.has(option.parentItemId);
  const selected = order.items.filter((item) => !item.refunded && (chosen.has(item.id) || followsTicket(item)));
  const amount = selected.reduce((sum, item) => sum + item.netInclTaxCents - item.refundedCents, 0);
  const money = (cents: number) => formatCents(cents, i18n.language, order.currency);
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const box = (item: OrderItem, follows = false) => (
    <Checkbox
      key={item.id}
      ml={item.isOption ? "xl" : undefined}
      disabled={item.refunded || follows || pending}
      checked={!item.refunded && (follows || chosen.has(item.id))}
      onChange={() => toggle(item.id)}
      label={[item.caption || t("ticketing.orders.items.untitled"), holderName(item), money(item.netInclTaxCents)]
        .filter(Boolean)
        .join(" — ")}
      description={
        item.refunded
          ? t("ticketing.orders.refund.alreadyRefunded")
          : follows
            ? t("ticketing.orders.refund.follows")
            : null
      }
    />
  );

  return (
    <Modal opened onClose={onClose} title={t("ticketing.orders.refund.partialTitle")} size="lg">
      <Stack>
        <Text>{t("ticketing.orders.refund.partialText")}</Text>
        <Stack gap="sm" role="group" aria-label={t("ticketing.orders.refund.itemsLabel")}>
          {groups.flatMap(({ ticket, options }) => [
            box(ticket),
            ...options.map((option) => box(option, followsTicket(option))),
          ])}
        </Stack>
        {error && (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Text fw={600} aria-live="polite">
            {t("ticketing.orders.refund.amount", { amount: money(amount) })}
          </Text>
          <Group>
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button color="red" loading={pending} onClick={() => onRefund(selected.map((item) => item.id))}>
              {t("ticketing.orders.refund.submit", { count: selected.length })}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

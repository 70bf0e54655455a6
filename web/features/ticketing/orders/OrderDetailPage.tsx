import { Anchor, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Order } from "../../../../contract/ticketing-orders";
import { formatDateTime } from "../../../ui/date-format";
import { eventPageQueries } from "../../../ui/event-page-queries";
import { useAdminPath } from "../../../ui/language-scope";
import { formatCents } from "../../../ui/money";
import { OrderStatusBadge } from "../../../ui/OrderStatusBadge";
import { orderReference } from "../../../ui/order-reference";
import { usePageTitle } from "../../../ui/usePageTitle";
import { useEvent } from "../../events/events.queries";
import { OrderActions } from "./OrderActions";
import { OrderDocuments } from "./OrderDocuments";
import { OrderHistory } from "./OrderHistory";
import { OrderItemsTable } from "./OrderItemsTable";
import { OrderPayments } from "./OrderPayments";
import { OrderSection } from "./OrderSection";
import { buyerLabel, paymentMethodLabel, taxRateLabel } from "./order-format";
import { useOrder } from "./orders.queries";

/** One order as the organizer handles it: buyer, items, totals per VAT rate, payments, refunds, documents, actions. */
export function OrderDetailPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "", orderId = "" } = useParams();
  const adminPath = useAdminPath();
  const event = useEvent(eventId);
  const reference = orderReference(orderId);
  usePageTitle(
    event.data
      ? t("ticketing.orders.detail.pageTitle", { reference, name: event.data.name })
      : t("ticketing.orders.detail.title", { reference }),
  );

  const page = eventPageQueries(event, useOrder(eventId, orderId));
  if (!page.answers) return page.placeholder;
  const [{ name }, data] = page.answers;
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to={adminPath(`/events/${eventId}/ticketing/orders`)} size="sm" c="blue.8">
        ← {t("ticketing.orders.detail.back")}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1}>{t("ticketing.orders.detail.title", { reference })}</Title>
            <OrderStatusBadge status={data.status} testMode={data.testMode} cancelReason={data.cancelReason} />
          </Group>
          <Text c="gray.7">
            {[
              name,
              t("ticketing.orders.detail.created", { date: date(data.createdAt) }),
              data.completedAt && t("ticketing.orders.detail.completed", { date: date(data.completedAt) }),
              data.status === "in_cart" &&
                data.reservedUntil &&
                t("ticketing.orders.detail.reservedUntil", { date: date(data.reservedUntil) }),
              data.cancelReason && t(`ticketing.orders.detail.cancelReasons.${data.cancelReason}`),
              paymentMethodLabel(t, data),
            ]
              .filter(Boolean)
              .join(" · ")}
          </Text>
        </Stack>
        <OrderActions eventId={eventId} order={data} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <OrderSection title={t("ticketing.orders.detail.buyer")}>
          <Buyer eventId={eventId} order={data} />
        </OrderSection>
        <OrderSection title={t("ticketing.orders.detail.totals")}>
          <Totals order={data} />
        </OrderSection>
      </SimpleGrid>
      <OrderSection title={t("ticketing.orders.detail.items")}>
        <OrderItemsTable order={data} />
      </OrderSection>
      <OrderSection title={t("ticketing.orders.detail.payments")}>
        <OrderPayments order={data} />
      </OrderSection>
      <OrderSection title={t("ticketing.orders.detail.documents")}>
        <OrderDocuments eventId={eventId} order={data} />
      </OrderSection>
      <OrderHistory orderId={data.id} />
    </Stack>
  );
}

/** The buyer (a guest of the event) and the billing identity the invoice is made out to. */
function Buyer({ eventId, order }: { eventId: string; order: Order }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const { billing, buyer } = order;
  const line = (label: string, value: ReactNode) => (
    <Table.Tr>
      <Table.Th scope="row" fw={400} c="gray.7" w="40%">
        {label}
      </Table.Th>
      <Table.Td>{value || "—"}</Table.Td>
    </Table.Tr>
  );
  return (
    <Table verticalSpacing={4} withRowBorders={false}>
      <Table.Tbody>
        {line(
          t("ticketing.orders.billing.buyer"),
          buyer && (
            <Anchor component={Link} to={adminPath(`/events/${eventId}/guests/${buyer.guestId}`)} c="blue.8">
              {buyerLabel({ buyer, billingName: billing.name })}
            </Anchor>
          ),
        )}
        {line(t("ticketing.orders.billing.email"), buyer?.email)}
        {line(t("ticketing.orders.billing.kind"), t(`ticketing.orders.billing.kinds.${billing.buyerKind}`))}
        {line(t("ticketing.orders.billing.name"), billing.name)}
        {line(t("ticketing.orders.billing.address"), billing.address)}
        {line(t("ticketing.orders.billing.city"), [billing.zip, billing.city].filter(Boolean).join(" "))}
        {billing.buyerKind === "company" && line(t("ticketing.orders.billing.siret"), billing.siret)}
      </Table.Tbody>
    </Table>
  );
}

/** Totals before and after taxes per VAT rate, the coupons applied, and what was refunded. */
function Totals({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatCents(cents, i18n.language, order.currency);
  const amount = { ta: "right", style: { whiteSpace: "nowrap" } } as const;
  return (
    <Stack gap="sm">
      <Table verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            {["rate", "excl", "tax", "incl"].map((key) => (
              <Table.Th key={key} scope="col" ta={key === "rate" ? undefined : "right"}>
                {t(`ticketing.orders.totals.${key}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.taxes.map((line) => (
            <Table.Tr key={line.taxPercent ?? "none"}>
              <Table.Th scope="row" fw={400}>
                {taxRateLabel(t, i18n.language, line.taxPercent)}
              </Table.Th>
              <Table.Td {...amount}>{money(line.exclCents)}</Table.Td>
              <Table.Td {...amount}>{money(line.taxCents)}</Table.Td>
              <Table.Td {...amount}>{money(line.inclCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t("ticketing.orders.totals.total")}</Table.Th>
            <Table.Td {...amount} fw={600}>
              {money(order.totalExclTaxCents)}
            </Table.Td>
            <Table.Td {...amount} fw={600}>
              {money(order.totalInclTaxCents - order.totalExclTaxCents)}
            </Table.Td>
            <Table.Td {...amount} fw={700}>
              {money(order.totalInclTaxCents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {order.coupons.length > 0 && (
        <Text size="sm">
          {t("ticketing.orders.totals.coupons", {
            coupons: order.coupons.map((coupon) => `${coupon.code} (−${money(coupon.cents)})`).join(", "),
          })}
        </Text>
      )}
      {order.refundedCents > 0 && (
        <Text size="sm" fw={600} c="red.9">
          {t("ticketing.orders.totals.refunded", { amount: money(order.refundedCents) })}
        </Text>
      )}
    </Stack>
  );
}

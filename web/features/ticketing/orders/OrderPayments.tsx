import { Badge, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Order } from "../../../../contract/ticketing-orders";
import { formatDateTime } from "../../../ui/date-format";
import { formatCents } from "../../../ui/money";

const paymentColors = { succeeded: "green", failed: "red" } as const;
const refundColors = { pending: "yellow", succeeded: "green", failed: "red" } as const;

/** The card payments tried for the order, and the refunds made on it, oldest first. */
export function OrderPayments({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatCents(cents, i18n.language, order.currency);
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const amount = { ta: "right", style: { whiteSpace: "nowrap" } } as const;
  const captions = new Map(order.items.map((item) => [item.id, item.caption]));

  return (
    <Stack gap="lg">
      {order.payments.length === 0 ? (
        <Text c="gray.7">{t("ticketing.orders.payments.none")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" captionSide="top">
            <Table.Caption ta="left" fw={600} c="gray.8">
              {t("ticketing.orders.payments.caption")}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {["date", "provider", "status", "amount"].map((key) => (
                  <Table.Th key={key} scope="col" ta={key === "amount" ? "right" : undefined}>
                    {t(`ticketing.orders.payments.${key}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.payments.map((payment) => {
                const color = paymentColors[payment.status as keyof typeof paymentColors] ?? "gray";
                return (
                  <Table.Tr key={payment.id}>
                    <Table.Td>{date(payment.createdAt)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {t(`ticketing.orders.payments.providers.${payment.provider}`)}
                        {payment.livemode ? "" : ` · ${t("ticketing.orders.test")}`}
                      </Text>
                      <Text size="xs" c="gray.7" ff="monospace">
                        {payment.providerPaymentId}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={color} tt="none">
                        {t(`ticketing.orders.payments.statuses.${payment.status}`)}
                      </Badge>
                      {payment.declineCode && (
                        <Text size="sm" c="gray.7">
                          {t(`ticketing.orders.payments.declines.${payment.declineCode}`)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td {...amount}>{money(payment.amountCents)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {order.refunds.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" captionSide="top">
            <Table.Caption ta="left" fw={600} c="gray.8">
              {t("ticketing.orders.refunds.caption")}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {["date", "items", "status", "amount"].map((key) => (
                  <Table.Th key={key} scope="col" ta={key === "amount" ? "right" : undefined}>
                    {t(`ticketing.orders.refunds.${key}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.refunds.map((refund) => (
                <Table.Tr key={refund.id}>
                  <Table.Td>
                    <Text size="sm">{date(refund.createdAt)}</Text>
                    <Text size="sm" c="gray.7">
                      {t(`ticketing.orders.refunds.reasons.${refund.reason}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{refund.itemIds.map((id) => captions.get(id) ?? id).join(", ")}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={refundColors[refund.status]} tt="none">
                      {t(`ticketing.orders.refunds.statuses.${refund.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td {...amount}>{money(refund.amountCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

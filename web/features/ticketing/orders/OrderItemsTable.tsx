import { Badge, Group, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Order, OrderItem } from "../../../../contract/ticketing-orders";
import { formatCents } from "../../../ui/money";
import { holderName, taxRateLabel, ticketsWithOptions } from "./order-format";

const columns = ["item", "holder", "unitExcl", "unitIncl", "discount", "paid", "vat", "refund"] as const;

/** The order's items, each ticket with its options under it: prices before and after taxes, discounts, refunds. */
export function OrderItemsTable({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((key) => (
              <Table.Th key={key} scope="col" ta={key === "item" || key === "holder" ? undefined : "right"}>
                {t(`ticketing.orders.items.${key}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ticketsWithOptions(order.items).flatMap(({ ticket, options }) => [
            <ItemRow key={ticket.id} item={ticket} currency={order.currency} />,
            ...options.map((option) => <ItemRow key={option.id} item={option} currency={order.currency} />),
          ])}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ItemRow({ item, currency }: { item: OrderItem; currency: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatCents(cents, i18n.language, currency);
  const holder = holderName(item);
  const amount = { ta: "right", style: { whiteSpace: "nowrap" } } as const;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={item.isOption ? 400 : 600} pl={item.isOption ? "xl" : undefined}>
        <Group gap="xs" wrap="nowrap">
          {item.isOption && (
            <Text span aria-hidden="true" c="gray.7">
              ↳
            </Text>
          )}
          <Text inherit span>
            {item.caption || t("ticketing.orders.items.untitled")}
          </Text>
          {item.isOption && (
            <Badge variant="light" color="blue" c="blue.9" tt="none" style={{ flexShrink: 0 }}>
              {t("ticketing.orders.items.option")}
            </Badge>
          )}
        </Group>
      </Table.Th>
      <Table.Td>
        {holder ? (
          <>
            <Text size="sm">{holder}</Text>
            {item.holder?.email && holder !== item.holder.email && (
              <Text size="sm" c="gray.7">
                {item.holder.email}
              </Text>
            )}
          </>
        ) : (
          "—"
        )}
      </Table.Td>
      <Table.Td {...amount}>{money(item.unitPriceExclTaxCents)}</Table.Td>
      <Table.Td {...amount}>{money(item.unitPriceInclTaxCents)}</Table.Td>
      <Table.Td {...amount}>{item.discountInclTaxCents > 0 ? `−${money(item.discountInclTaxCents)}` : "—"}</Table.Td>
      <Table.Td {...amount} fw={600}>
        {money(item.netInclTaxCents)}
      </Table.Td>
      <Table.Td {...amount}>{taxRateLabel(t, i18n.language, item.taxPercent)}</Table.Td>
      <Table.Td {...amount}>
        {item.refunded ? (
          <Text inherit span c="red.9" fw={600}>
            {t("ticketing.orders.items.refunded", { amount: money(item.refundedCents) })}
          </Text>
        ) : (
          "—"
        )}
      </Table.Td>
    </Table.Tr>
  );
}

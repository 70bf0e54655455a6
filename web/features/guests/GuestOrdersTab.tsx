import { Alert, Anchor, Badge, EmptyState, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { GuestOrder, GuestTicket } from "../../../contract/ticketing";
import { formatDateTime } from "../../ui/date-format";
import { LoadingLine } from "../../ui/LoadingLine";
import { useAdminPath } from "../../ui/language-scope";
import { formatCents } from "../../ui/money";
import { OrderStatusBadge } from "../../ui/OrderStatusBadge";
import { PageLinks } from "../../ui/PageLinks";
import classes from "../accounts/StackedTable.module.css";
import { useGuestOrders, useGuestTickets } from "./guests.queries";

const pageSize = 20;

/** The guest detail's Orders tab: the orders the guest placed, then the tickets they hold (bought by anyone). */
export function GuestOrdersTab({ eventId, guestId }: { eventId: string; guestId: string }) {
  return (
    <Stack gap="xl">
      <GuestOrders eventId={eventId} guestId={guestId} />
      <GuestTickets eventId={eventId} guestId={guestId} />
    </Stack>
  );
}

type Section<T> = {
  title: string;
  query: { data?: { items: T[]; total: number }; isPending: boolean; isError: boolean; error: Error | null };
  page: number;
  onPage(page: number): void;
  empty: { title: string; text: string };
  pagesLabel: string;
  table(items: T[]): ReactNode;
};

/** A titled list with its loading, error and empty states and its page links. */
function ListSection<T>({ title, query, page, onPage, empty, pagesLabel, table }: Section<T>) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (query.isError) body = <Alert color="red">{query.error?.message}</Alert>;
  else if (query.isPending || !query.data) body = <LoadingLine />;
  else if (query.data.total === 0) body = <EmptyState title={empty.title} description={empty.text} py="lg" />;
  else
    body = (
      <>
        {table(query.data.items)}
        <PageLinks
          label={pagesLabel}
          pages={Math.ceil(query.data.total / pageSize)}
          page={page}
          onChange={onPage}
          pageLabel={(number) => t("guests.orders.page", { page: number })}
        />
      </>
    );
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {body}
    </Stack>
  );
}

function GuestOrders({ eventId, guestId }: { eventId: string; guestId: string }) {
  const { t, i18n } = useTranslation();
  const adminPath = useAdminPath();
  const [page, setPage] = useState(1);
  const orders = useGuestOrders(eventId, guestId, { limit: pageSize, offset: (page - 1) * pageSize });
  const column = (key: string) => t(`guests.orders.columns.${key}`);
  return (
    <ListSection<GuestOrder>
      title={t("guests.orders.ordersTitle")}
      query={orders}
      page={page}
      onPage={setPage}
      empty={{ title: t("guests.orders.noOrders"), text: t("guests.orders.noOrdersText") }}
      pagesLabel={t("guests.orders.ordersPages")}
      table={(items) => (
        <Table className={classes.stacked} verticalSpacing="sm" striped>
          <Table.Caption c="gray.7">{t("guests.orders.ordersCount", { count: orders.data?.total ?? 0 })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {["date", "status", "items", "total", "invoice"].map((key) => (
                <Table.Th key={key} scope="col">
                  {column(key)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((order) => (
              <Table.Tr key={order.id}>
                <Table.Td data-label={column("date")}>
                  <Anchor component={Link} to={adminPath(`/events/${eventId}/ticketing/orders/${order.id}`)} c="blue.8">
                    {formatDateTime(order.createdAt, i18n.language)}
                  </Anchor>
                </Table.Td>
                <Table.Td data-label={column("status")}>
                  <OrderStatusBadge status={order.status} testMode={order.testMode} cancelReason={order.cancelReason} />
                </Table.Td>
                <Table.Td data-label={column("items")}>{order.itemCount}</Table.Td>
                <Table.Td data-label={column("total")}>
                  {formatCents(order.totalInclTaxCents, i18n.language, order.currency)}
                </Table.Td>
                <Table.Td data-label={column("invoice")}>{order.invoice ?? "—"}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    />
  );
}

function GuestTickets({ eventId, guestId }: { eventId: string; guestId: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const tickets = useGuestTickets(eventId, guestId, { limit: pageSize, offset: (page - 1) * pageSize });
  const column = (key: string) => t(`guests.orders.columns.${key}`);
  const money = (ticket: GuestTicket, cents: number) => formatCents(cents, i18n.language, ticket.currency);
  return (
    <ListSection<GuestTicket>
      title={t("guests.orders.ticketsTitle")}
      query={tickets}
      page={page}
      onPage={setPage}
      empty={{ title: t("guests.orders.noTickets"), text: t("guests.orders.noTicketsText") }}
      pagesLabel={t("guests.orders.ticketsPages")}
      table={(items) => (
        <Table className={classes.stacked} verticalSpacing="sm" striped>
          <Table.Caption c="gray.7">
            {t("guests.orders.ticketsCount", { count: tickets.data?.total ?? 0 })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {["ticket", "status", "price", "refund"].map((key) => (
                <Table.Th key={key} scope="col">
                  {column(key)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((ticket) => (
              <Table.Tr key={ticket.id}>
                <Table.Td fw={600}>
                  <Group gap="xs">
                    <Text inherit>{ticket.caption || t("guests.orders.untitled")}</Text>
                    {ticket.isOption && (
                      <Badge variant="light" color="blue" c="blue.9" tt="none">
                        {t("guests.orders.option")}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td data-label={column("status")}>
                  <OrderStatusBadge status={ticket.orderStatus} testMode={ticket.testMode} />
                </Table.Td>
                <Table.Td data-label={column("price")}>{money(ticket, ticket.unitPriceInclTaxCents)}</Table.Td>
                <Table.Td data-label={column("refund")}>
                  {ticket.refundedCents > 0 ? money(ticket, ticket.refundedCents) : "—"}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    />
  );
}

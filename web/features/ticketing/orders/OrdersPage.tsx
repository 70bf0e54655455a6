import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { orderStatuses, paymentMethods } from "../../../../contract/ticketing";
import type { OrderList } from "../../../../contract/ticketing-orders";
import { useAdminContext } from "../../../ui/admin-context";
import { formatDateTime } from "../../../ui/date-format";
import { ExportMenu } from "../../../ui/ExportMenu";
import { eventPageQueries } from "../../../ui/event-page-queries";
import { LoadingLine } from "../../../ui/LoadingLine";
import { useAdminPath } from "../../../ui/language-scope";
import { formatCents } from "../../../ui/money";
import { OrderStatusBadge, TestBadge } from "../../../ui/OrderStatusBadge";
import { orderReference } from "../../../ui/order-reference";
import { PageLinks } from "../../../ui/PageLinks";
import { usePageTitle } from "../../../ui/usePageTitle";
import { useEvent } from "../../events/events.queries";
import { useTicketingParams } from "../billing/billing.queries";
import { CatalogueHeader } from "../catalogue/CatalogueParts";
import { buyerLabel, paymentMethodLabel } from "./order-format";
import {
  isFiltered,
  noFilter,
  type OrderListParams,
  ordersPageSize,
  queryOf,
  toOrderFilter,
  useOrderListState,
} from "./order-list-params";
import { ordersApi, useOrders } from "./orders.queries";

/** SPEC §2 Ticketing "orders": every order of the event, filtered, newest first, with what the live ones brought in. */
export function OrdersPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const eventQuery = useEvent(eventId);
  usePageTitle(
    eventQuery.data ? t("ticketing.orders.pageTitle", { name: eventQuery.data.name }) : t("ticketing.orders.title"),
  );
  const [state, update] = useOrderListState();
  const filter = toOrderFilter(state);
  const list = useOrders(eventId, { ...filter, limit: ordersPageSize, offset: (state.page - 1) * ordersPageSize });
  // Revenue sums the event's orders, all in the currency of its ticketing params.
  const currency = useTicketingParams(eventId).data?.currency;

  const page = eventPageQueries(eventQuery);
  if (!page.answers) return page.placeholder;
  const [event] = page.answers;
  const orders = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const money = (cents: number, orderCurrency: string) => formatCents(cents, i18n.language, orderCurrency);
  const column = (key: string) => t(`ticketing.orders.columns.${key}`);

  return (
    <Stack gap="lg">
      <CatalogueHeader
        event={event}
        title={t("ticketing.orders.title")}
        action={<OrdersExportMenu eventId={eventId} fileName={`orders-${event.slug}`} filter={filter} />}
      />
      {list.data && currency && <Revenue list={list.data} currency={currency} />}
      <OrderFilters />
      {list.isFetching && <LoadingLine />}
      {list.isPending ? null : list.isError ? (
        <Alert color="red" role="alert" variant="light">
          {list.error.message}
        </Alert>
      ) : orders.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" ta="center" gap="sm">
            <Title order={2} size="h3">
              {t(isFiltered(state) ? "ticketing.orders.noMatch" : "ticketing.orders.empty")}
            </Title>
            {isFiltered(state) ? (
              <Button variant="light" onClick={() => update(noFilter)}>
                {t("ticketing.orders.reset")}
              </Button>
            ) : (
              <Text c="gray.7">{t("ticketing.orders.emptyText")}</Text>
            )}
          </Stack>
        </Card>
      ) : (
        <>
          <Text fw={600} aria-live="polite">
            {t("ticketing.orders.total", { count: total })}
          </Text>
          {state.abandonedCarts === "exclude" && (list.data?.abandonedCarts ?? 0) > 0 && (
            <Text size="sm" c="gray.7">
              {t("ticketing.orders.filters.abandonedCartsHidden", { count: list.data?.abandonedCarts })}
            </Text>
          )}
          <Table.ScrollContainer minWidth={960}>
            <Table verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  {["order", "buyer", "status", "payment", "items", "total", "refunded", "invoice"].map((key) => (
                    <Table.Th key={key} scope="col">
                      {column(key)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={adminPath(`/events/${eventId}/ticketing/orders/${order.id}`)}
                        fw={600}
                        ff="monospace"
                        c="blue.8"
                        aria-label={t("ticketing.orders.openOrder", { reference: orderReference(order.id) })}
                      >
                        {orderReference(order.id)}
                      </Anchor>
                      <Text size="sm" c="gray.7">
                        {formatDateTime(order.createdAt, i18n.language)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {buyerLabel(order)}
                      </Text>
                      {order.buyer?.email && (
                        <Text size="sm" c="gray.7">
                          {order.buyer.email}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <OrderStatusBadge
                        status={order.status}
                        testMode={order.testMode}
                        cancelReason={order.cancelReason}
                      />
                    </Table.Td>
                    <Table.Td>{paymentMethodLabel(t, order)}</Table.Td>
                    <Table.Td>{order.itemCount}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                      {money(order.totalInclTaxCents, order.currency)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                      {order.refundedCents > 0 ? money(order.refundedCents, order.currency) : "—"}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{order.invoice ?? "—"}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageLinks
            label={t("ticketing.orders.pagination")}
            pages={Math.ceil(total / ordersPageSize)}
            page={state.page}
            onChange={(page) => update({ page })}
            pageLabel={(page) => t("ticketing.orders.page", { page })}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * What the paid orders of the filter brought in: the live ones, and the test ones apart and marked (paid with test
 * cards, never money), so an event still selling in test mode sees its figures rather than zeros.
 */
function Revenue({ list, currency }: { list: OrderList; currency: string }) {
  const tested = list.testRevenue.paidCents > 0 || list.testRevenue.refundedCents > 0;
  return (
    <Stack gap="sm">
      <RevenueFigures mode="live" revenue={list.revenue} currency={currency} />
      {tested && <RevenueFigures mode="test" revenue={list.testRevenue} currency={currency} />}
    </Stack>
  );
}

function RevenueFigures({
  mode,
  revenue,
  currency,
}: {
  mode: "live" | "test";
  revenue: OrderList["revenue"];
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const test = mode === "test";
  const figures = [
    [test ? "testPaid" : "paid", revenue.paidCents],
    ["refunded", revenue.refundedCents],
    ["net", revenue.netCents],
  ] as const;
  return (
    <Stack
      gap={4}
      component="section"
      aria-label={t(test ? "ticketing.orders.revenue.testLabel" : "ticketing.orders.revenue.label")}
    >
      {test && (
        <Group gap="xs">
          <TestBadge />
          <Text size="sm" c="gray.7">
            {t("ticketing.orders.revenue.testNote")}
          </Text>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {figures.map(([key, cents]) => (
          <Card key={key} withBorder padding="md" radius="md" style={test ? testCardStyle : undefined}>
            <Text size="sm" c="gray.7">
              {t(`ticketing.orders.revenue.${key}`)}
            </Text>
            <Text size="xl" fw={700}>
              {formatCents(cents, i18n.language, currency)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

// Test figures are framed like the TEST badge, so they cannot be read for real revenue at a glance.
const testCardStyle = { borderColor: "var(--mantine-color-violet-6)", borderStyle: "dashed" };

/** Search and filters, all kept in the address: a filtered list is a link an organizer can share. */
function OrderFilters() {
  const { t } = useTranslation();
  const [state, update] = useOrderListState();
  const [search, setSearch] = useState(state.search);
  // The address may change under the input (back button, reset): follow it unless it is our own echo.
  useEffect(() => setSearch((typed) => (typed.trim() === state.search ? typed : state.search)), [state.search]);
  const debounced = useDebouncedCallback((value: string) => update({ search: value.trim() }, { replace: true }), 350);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
      <TextInput
        type="search"
        label={t("common.search")}
        placeholder={t("ticketing.orders.searchPlaceholder")}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          debounced(event.currentTarget.value);
        }}
      />
      <MultiSelect
        label={t("ticketing.orders.filters.status")}
        data={orderStatuses.map((value) => ({ value, label: t(`ticketing.orders.status.${value}`) }))}
        value={state.status}
        onChange={(status) => update({ status: status as typeof state.status })}
        clearable
      />
      <Select
        label={t("ticketing.orders.filters.paymentMethod")}
        data={[
          { value: "", label: t("ticketing.orders.filters.any") },
          ...paymentMethods.map((value) => ({ value, label: t(`ticketing.orders.paymentMethods.${value}`) })),
        ]}
        value={state.paymentMethod}
        onChange={(value) => update({ paymentMethod: (value ?? "") as typeof state.paymentMethod })}
        allowDeselect={false}
      />
      <Select
        label={t("ticketing.orders.filters.mode")}
        data={[
          { value: "", label: t("ticketing.orders.filters.any") },
          { value: "false", label: t("ticketing.orders.filters.live") },
          { value: "true", label: t("ticketing.orders.filters.test") },
        ]}
        value={state.testMode}
        onChange={(value) => update({ testMode: (value ?? "") as typeof state.testMode })}
        allowDeselect={false}
      />
      <Switch
        label={t("ticketing.orders.filters.abandonedCarts")}
        checked={state.abandonedCarts !== "exclude"}
        onChange={(event) => update({ abandonedCarts: event.currentTarget.checked ? "include" : "exclude" })}
      />
    </SimpleGrid>
  );
}

/** Exports the orders of the filter as CSV or Excel, headed in the page's language (the request's Accept-Language). */
function OrdersExportMenu({
  eventId,
  fileName,
  filter,
}: {
  eventId: string;
  fileName: string;
  filter: OrderListParams;
}) {
  const { t } = useTranslation();
  const { accountId } = useAdminContext();
  return (
    <ExportMenu
      label={t("common.export.button")}
      fileName={fileName}
      fetchFile={(format) =>
        ordersApi.export({ params: { account: accountId, event: eventId }, query: { ...queryOf(filter), format } })
      }
    />
  );
}

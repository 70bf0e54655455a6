import { Alert, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAdminContext } from "../../../ui/admin-context";
import { formatDateTime } from "../../../ui/date-format";
import { LoadingLine } from "../../../ui/LoadingLine";
import { AuditChanges } from "../../audit/AuditChanges";
import { useActionLabels, useAuditLogs } from "../../audit/audit.queries";
import { OrderSection } from "./OrderSection";

// An order's life is a handful of rows (placed, paid, a few refunds): one page holds it.
const historyLimit = 100;

/**
 * What happened to the order, from the account's audit log (its rows name the order as their target). The log is
 * the overseers' (SPEC §6 "audit.read"): others do not see this section.
 */
export function OrderHistory({ orderId }: { orderId: string }) {
  const { can } = useAdminContext();
  return can("audit.read") ? <History orderId={orderId} /> : null;
}

function History({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation();
  const { accountId } = useAdminContext();
  const labels = useActionLabels();
  const logs = useAuditLogs(accountId, { query: orderId, exclude: [], limit: historyLimit, offset: 0 });
  // The search also matches other columns: keep the rows that are this order's own.
  const rows = logs.data?.items.filter((row) => row.targetType === "order" && row.targetId === orderId) ?? [];
  return (
    <OrderSection title={t("ticketing.orders.detail.history")}>
      {logs.isPending ? (
        <LoadingLine />
      ) : logs.isError ? (
        <Alert color="red" role="alert" variant="light">
          {logs.error.message}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="gray.7">{t("audit.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("audit.date")}</Table.Th>
                <Table.Th scope="col">{t("audit.who")}</Table.Th>
                <Table.Th scope="col">{t("audit.action")}</Table.Th>
                <Table.Th scope="col">{t("audit.changes")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(row.createdAt, i18n.language)}</Table.Td>
                  <Table.Td>{row.actorLabel}</Table.Td>
                  <Table.Td>{labels.get(row.action) ?? row.action}</Table.Td>
                  <Table.Td>
                    <AuditChanges before={row.before} after={row.after} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </OrderSection>
  );
}

import routeTable from "virtual:endpoint-routes";
import { Button, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isPaidStatus, type Order } from "../../../../contract/ticketing-orders";
import { clientOf } from "../../../api/client";
import { useAdminContext } from "../../../ui/admin-context";
import { formatDateTime } from "../../../ui/date-format";
import { useDownload } from "../../../ui/download";
import { formatCents } from "../../../ui/money";
import { TestBadge } from "../../../ui/OrderStatusBadge";
import { orderReference } from "../../../ui/order-reference";

const invoicesApi = clientOf(routeTable.invoicesEndpoints);

/**
 * The order's invoice and credit notes, and its tickets while some are still held. The PDFs come through the API
 * with the session's Bearer header (a plain link cannot send it), then are saved as files.
 */
export function OrderDocuments({ eventId, order }: { eventId: string; order: Order }) {
  const { t, i18n } = useTranslation();
  const { accountId } = useAdminContext();
  const orderParams = { account: accountId, event: eventId, id: order.id };
  // Which download is under way: a document's id, or "tickets".
  const { busy, download } = useDownload();
  const ticketsHeld = isPaidStatus(order.status) && order.items.some((item) => !item.refunded);

  return (
    <Stack gap="sm">
      {order.documents.length === 0 ? (
        <Text c="gray.7">{t("ticketing.orders.documents.none")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {["document", "issuedAt", "amount", "file"].map((key) => (
                  <Table.Th key={key} scope="col" ta={key === "amount" ? "right" : undefined}>
                    {t(`ticketing.orders.documents.${key}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.documents.map((document) => {
                const label = t(`ticketing.orders.documents.kinds.${document.kind}`, { number: document.number });
                return (
                  <Table.Tr key={document.id}>
                    <Table.Th scope="row">
                      <Group gap="xs">
                        <Text inherit span>
                          {label}
                        </Text>
                        {document.testMode && <TestBadge />}
                      </Group>
                    </Table.Th>
                    <Table.Td>{formatDateTime(document.issuedAt, i18n.language)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                      {formatCents(document.amountInclTaxCents, i18n.language, order.currency)}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="light"
                        loading={busy === document.id}
                        aria-label={t("ticketing.orders.documents.downloadNamed", { name: label })}
                        onClick={() =>
                          download(document.id, `${document.number}.pdf`, () =>
                            invoicesApi.documentPdf({ params: { ...orderParams, documentId: document.id } }),
                          )
                        }
                      >
                        {t("ticketing.orders.documents.download")}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {ticketsHeld && (
        <Group>
          <Button
            variant="default"
            loading={busy === "tickets"}
            onClick={() =>
              download(
                "tickets",
                t("ticketing.orders.documents.ticketsFile", { reference: orderReference(order.id) }),
                () => invoicesApi.ticketsPdf({ params: orderParams }),
              )
            }
          >
            {t("ticketing.orders.documents.tickets")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

import routeTable from "virtual:endpoint-routes";
import { Badge, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { MailHistoryStatus } from "../../../contract/mail-history";
import { clientOf } from "../../api/client";
import { LoadingLine } from "../../ui/LoadingLine";

const mailHistoryApi = clientOf(routeTable.mailHistoryEndpoints);
const failed = new Set<MailHistoryStatus>(["failed", "error", "bounce", "blocked", "unsubscribed"]);

/** The mails sent to one guest, transactional and campaign (SPEC §2 mail history), on the guest's Overview tab. */
export function GuestMailHistory({
  accountId,
  eventId,
  guestId,
}: {
  accountId: string;
  eventId: string;
  guestId: string;
}) {
  const { t, i18n } = useTranslation();
  const mails = useQuery({
    queryKey: ["guestMails", accountId, eventId, guestId],
    queryFn: () =>
      mailHistoryApi.guest({
        params: { account: accountId, event: eventId, id: guestId },
        query: { limit: 50, offset: 0 },
      }),
  });
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section aria-labelledby="guest-mails-heading">
      <Title order={2} size="h4" id="guest-mails-heading" mt="lg" mb="xs">
        {t("mailHistory.guestTitle")}
      </Title>
      {mails.isFetching && <LoadingLine />}
      {mails.error && (
        <Text c="red.9" role="alert">
          {mails.error.message}
        </Text>
      )}
      {mails.data &&
        (mails.data.items.length === 0 ? (
          <Text c="gray.7">{t("mailHistory.guestEmpty")}</Text>
        ) : (
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("mailHistory.date")}</Table.Th>
                <Table.Th scope="col">{t("mailHistory.subject")}</Table.Th>
                <Table.Th scope="col">{t("mailHistory.kind")}</Table.Th>
                <Table.Th scope="col">{t("mailHistory.status")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mails.data.items.map((item) => {
                const color = failed.has(item.status) ? "red" : item.status === "queued" ? "gray" : "green";
                return (
                  <Table.Tr key={`${item.kind}-${item.id}`}>
                    <Table.Td>{format.format(new Date(item.sentAt ?? item.createdAt))}</Table.Td>
                    <Table.Td>{item.subject}</Table.Td>
                    <Table.Td>{item.kind === "campaign" ? item.label : t("mailHistory.transactional")}</Table.Td>
                    <Table.Td>
                      <Badge color={color} variant="light" tt="none">
                        {t(`mailHistory.statuses.${item.status}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        ))}
    </section>
  );
}

import { Badge, Group, Select, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type MailHistoryItem, type MailHistoryStatus, mailHistoryStatuses } from "../../../../contract/mail-history";
import { useAdminContext } from "../../../ui/admin-context";
import { usePageTitle } from "../../../ui/usePageTitle";
import { useFormatDateTime } from "../../accounts/format";
import { ListPagination, NotAllowed, PageHeader, QueryStatus } from "../../accounts/page-parts";
import classes from "../../accounts/StackedTable.module.css";
import { mailHistoryPageSize, useAccountMails } from "./senders.queries";

const failed = new Set<MailHistoryStatus>(["failed", "error", "bounce", "blocked", "unsubscribed"]);

export function MailStatusBadge({ status }: { status: MailHistoryStatus }) {
  const { t } = useTranslation();
  const color = failed.has(status) ? "red" : status === "queued" || status === "pending" ? "gray" : "green";
  return (
    <Badge color={color} variant="light" tt="none">
      {t(`mailHistory.statuses.${status}`)}
    </Badge>
  );
}

/** The rows of a mail history, shared by the account's page and a guest's overview. */
export function MailHistoryTable({
  items,
  showRecipient = true,
}: {
  items: MailHistoryItem[];
  showRecipient?: boolean;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <Table className={classes.stacked} verticalSpacing="xs" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t("mailHistory.date")}</Table.Th>
          {showRecipient && <Table.Th scope="col">{t("mailHistory.to")}</Table.Th>}
          <Table.Th scope="col">{t("mailHistory.subject")}</Table.Th>
          <Table.Th scope="col">{t("mailHistory.kind")}</Table.Th>
          <Table.Th scope="col">{t("mailHistory.status")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={`${item.kind}-${item.id}`}>
            <Table.Td>{formatDateTime(item.sentAt ?? item.createdAt)}</Table.Td>
            {showRecipient && <Table.Td data-label={t("mailHistory.to")}>{item.to}</Table.Td>}
            <Table.Td data-label={t("mailHistory.subject")}>{item.subject}</Table.Td>
            <Table.Td data-label={t("mailHistory.kind")}>
              {item.kind === "campaign" ? item.label : t("mailHistory.transactional")}
            </Table.Td>
            <Table.Td data-label={t("mailHistory.status")}>
              <MailStatusBadge status={item.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /admin/account/mails: every mail the platform sent for the account (SPEC §2 "mail history"). */
export function MailHistoryPage() {
  const { t } = useTranslation();
  const { accountId, can } = useAdminContext();
  usePageTitle(t("mailHistory.pageTitle"));
  if (!can("events.seeAll")) {
    return (
      <>
        <PageHeader title={t("mailHistory.pageTitle")} />
        <NotAllowed />
      </>
    );
  }
  return <MailHistory accountId={accountId} />;
}

function MailHistory({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<MailHistoryStatus | undefined>();
  const [search, setSearch] = useState("");
  const mails = useAccountMails(accountId, page, { status, query: search.trim() });
  return (
    <>
      <PageHeader title={t("mailHistory.pageTitle")} description={t("mailHistory.intro")} />
      <Group mb="md" align="flex-end">
        <TextInput
          label={t("mailHistory.search")}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label={t("mailHistory.status")}
          clearable
          placeholder={t("mailHistory.allStatuses")}
          data={mailHistoryStatuses.map((value) => ({ value, label: t(`mailHistory.statuses.${value}`) }))}
          value={status ?? null}
          onChange={(value) => {
            setStatus((value as MailHistoryStatus | null) ?? undefined);
            setPage(1);
          }}
        />
      </Group>
      <QueryStatus isFetching={mails.isFetching} error={mails.error} />
      {mails.data &&
        (mails.data.items.length === 0 ? (
          <Text c="gray.7">{t("mailHistory.empty")}</Text>
        ) : (
          <>
            <Text c="gray.7" size="sm" mb="xs">
              {t("mailHistory.count", { count: mails.data.total })}
            </Text>
            <MailHistoryTable items={mails.data.items} />
            <ListPagination total={mails.data.total} pageSize={mailHistoryPageSize} page={page} onChange={setPage} />
          </>
        ))}
    </>
  );
}

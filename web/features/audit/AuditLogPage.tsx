import { Badge, Code, Group, MultiSelect, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AuditLog } from "../../../contract/audit";
import { useAdminContext } from "../../ui/admin-context";
import { usePageTitle } from "../../ui/usePageTitle";
import { useFormatDateTime } from "../accounts/format";
import { ListPagination, NotAllowed, PageHeader, QueryStatus } from "../accounts/page-parts";
import classes from "../accounts/StackedTable.module.css";
import { AuditChanges } from "./AuditChanges";
import { useActionLabels, useAuditLogs } from "./audit.queries";

const pageSize = 50;

/** /admin/account/audit: every change made in the account, newest first (who, what, on what, before and after). */
export function AuditLogPage() {
  const { t } = useTranslation();
  const { accountId, can } = useAdminContext();
  usePageTitle(t("audit.pageTitle"));
  return (
    <>
      <PageHeader title={t("audit.pageTitle")} description={t("audit.intro")} />
      {can("audit.read") ? <AuditTable accountId={accountId} /> : <NotAllowed />}
    </>
  );
}

/** The account's audit log, or one event's part of it (the event's history page). */
export function AuditTable({ accountId, eventId }: { accountId: string; eventId?: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const labels = useActionLabels();
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 300);
  const [exclude, setExclude] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const logs = useAuditLogs(accountId, {
    eventId,
    query: query || undefined,
    exclude,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });

  // Actions the catalogue names, plus any the server wrote that it does not (yet), so all of them can be hidden.
  const actionOptions = useMemo(() => {
    const actions = new Set([...labels.keys(), ...exclude, ...(logs.data?.items.map((row) => row.action) ?? [])]);
    return [...actions]
      .map((action) => ({ value: action, label: labels.get(action) ?? action }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [labels, exclude, logs.data]);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput
          type="search"
          label={t("audit.search")}
          description={t("audit.searchHelp")}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <MultiSelect
          label={t("audit.hideActions")}
          description={t("audit.hideActionsHelp")}
          data={actionOptions}
          value={exclude}
          onChange={(value) => {
            setExclude(value);
            setPage(1);
          }}
          searchable
          clearable
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              <Text size="xs" c="gray.7" ff="monospace">
                {option.value}
              </Text>
            </Stack>
          )}
        />
      </SimpleGrid>
      <QueryStatus isFetching={logs.isFetching} error={logs.error} />
      {logs.data &&
        (logs.data.items.length === 0 ? (
          <Text c="gray.7">{query || exclude.length > 0 ? t("audit.noMatch") : t("audit.empty")}</Text>
        ) : (
          <Table className={classes.stacked} verticalSpacing="sm" striped>
            <Table.Caption c="gray.7">{t("audit.count", { count: logs.data.total })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("audit.date")}</Table.Th>
                <Table.Th scope="col">{t("audit.who")}</Table.Th>
                <Table.Th scope="col">{t("audit.action")}</Table.Th>
                <Table.Th scope="col">{t("audit.target")}</Table.Th>
                <Table.Th scope="col">{t("audit.changes")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {logs.data.items.map((row) => (
                <AuditRow key={row.id} row={row} label={labels.get(row.action)} when={formatDateTime(row.createdAt)} />
              ))}
            </Table.Tbody>
          </Table>
        ))}
      <ListPagination total={logs.data?.total ?? 0} pageSize={pageSize} page={page} onChange={setPage} />
    </Stack>
  );
}

function AuditRow({ row, label, when }: { row: AuditLog; label: string | undefined; when: string }) {
  const { t, i18n } = useTranslation();
  const targetKey = `audit.targets.${row.targetType}`;
  return (
    <Table.Tr>
      <Table.Td data-label={t("audit.date")} style={{ whiteSpace: "nowrap" }}>
        <time dateTime={row.createdAt}>{when}</time>
      </Table.Td>
      <Table.Td data-label={t("audit.who")}>
        <Group gap={6}>
          <Text size="sm">{row.actorLabel}</Text>
          {row.actorApiKeyId && (
            <Badge size="sm" variant="outline" color="gray.8" tt="none">
              {t("audit.viaApiKey")}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td data-label={t("audit.action")}>
        <Stack gap={2}>
          {label && (
            <Text size="sm" fw={600}>
              {label}
            </Text>
          )}
          <Code fz="xs" w="fit-content">
            {row.action}
          </Code>
        </Stack>
      </Table.Td>
      <Table.Td data-label={t("audit.target")}>
        <Text size="sm">{i18n.exists(targetKey) ? t(targetKey) : row.targetType}</Text>
        {row.targetId && (
          <Text size="xs" c="gray.7" ff="monospace" title={row.targetId}>
            {row.targetId.slice(0, 8)}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label={t("audit.changes")} maw={360}>
        <AuditChanges before={row.before} after={row.after} />
      </Table.Td>
    </Table.Tr>
  );
}

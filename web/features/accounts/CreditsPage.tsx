import { Alert, Badge, Card, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreditKind, CreditMovement } from "../../../contract/credits";
import { creditExpiringSoonDays } from "../../../contract/credits";
import { useAdminContext } from "../../ui/admin-context";
import { usePageTitle } from "../../ui/usePageTitle";
import { CreditActionsCard } from "./CreditActionsCard";
import { useCreditBalance, useCreditLedger } from "./credits.queries";
import { useFormatDateTime } from "./format";
import { ListPagination, PageHeader, QueryStatus } from "./page-parts";
import classes from "./StackedTable.module.css";

const pageSize = 50;

/** A YYYY-MM-DD day in the interface language (a calendar day: no time zone moves it). */
function useFormatDay() {
  const { i18n } = useTranslation();
  return useCallback(
    (day: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(
        new Date(`${day}T00:00:00Z`),
      ),
    [i18n.language],
  );
}

/** /admin/account/credits: the account's campaign and event credits, their ledger, and the administrator's actions. */
export function CreditsPage() {
  const { t } = useTranslation();
  const { accountId, can } = useAdminContext();
  usePageTitle(t("accounts.credits.pageTitle"));
  const [kind, setKind] = useState<CreditKind>("campaign");
  return (
    <>
      <PageHeader title={t("accounts.credits.pageTitle")} description={t("accounts.credits.intro")} />
      <Stack gap="lg" maw={1100}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <BalanceCard accountId={accountId} kind="campaign" />
          <BalanceCard accountId={accountId} kind="event" />
        </SimpleGrid>
        {can("account.credits.manage") && <CreditActionsCard accountId={accountId} />}
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("accounts.credits.ledgerTitle")}
          </Title>
          <SegmentedControl
            aria-label={t("accounts.credits.ledgerKind")}
            value={kind}
            onChange={(value) => setKind(value as CreditKind)}
            data={[
              { value: "campaign", label: t("accounts.credits.kinds.campaign") },
              { value: "event", label: t("accounts.credits.kinds.event") },
            ]}
            w="fit-content"
          />
          <Ledger key={kind} accountId={accountId} kind={kind} />
        </Stack>
      </Stack>
    </>
  );
}

function BalanceCard({ accountId, kind }: { accountId: string; kind: CreditKind }) {
  const { t, i18n } = useTranslation();
  const formatDay = useFormatDay();
  const balance = useCreditBalance(accountId, kind);
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t(`accounts.credits.balanceTitle.${kind}`)}
        </Title>
        <QueryStatus isFetching={balance.isPending} error={balance.error} />
        {balance.data && (
          <>
            <Text fz={32} fw={700} lh={1.1}>
              {balance.data.remaining.toLocaleString(i18n.language)}
            </Text>
            <Text size="sm" c="gray.7">
              {t("accounts.credits.spendable", { count: balance.data.remaining })}
            </Text>
            {balance.data.expiringSoon > 0 && balance.data.nextExpiry && (
              <Alert color="orange" variant="light" p="xs">
                <Text size="sm" c="orange.9">
                  {t("accounts.credits.expiringSoon", {
                    count: balance.data.expiringSoon,
                    days: creditExpiringSoonDays,
                    date: formatDay(balance.data.nextExpiry),
                  })}
                </Text>
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function Ledger({ accountId, kind }: { accountId: string; kind: CreditKind }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const formatDay = useFormatDay();
  const [page, setPage] = useState(1);
  const ledger = useCreditLedger(accountId, kind, { limit: pageSize, offset: (page - 1) * pageSize });
  const movement = (item: CreditMovement) => t(`accounts.credits.reasons.${item.reason}`);
  return (
    <>
      <QueryStatus isFetching={ledger.isFetching} error={ledger.error} />
      {ledger.data &&
        (ledger.data.items.length === 0 ? (
          <Text c="gray.7">{t("accounts.credits.emptyLedger")}</Text>
        ) : (
          <Table className={classes.stacked} verticalSpacing="sm" striped>
            <Table.Caption c="gray.7">
              {t("accounts.credits.movementCount", { count: ledger.data.total })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("accounts.credits.date")}</Table.Th>
                <Table.Th scope="col">{t("accounts.credits.movement")}</Table.Th>
                <Table.Th scope="col">{t("accounts.credits.number")}</Table.Th>
                <Table.Th scope="col">{t("accounts.credits.pack")}</Table.Th>
                <Table.Th scope="col">{t("accounts.credits.expiry")}</Table.Th>
                <Table.Th scope="col">{t("accounts.credits.author")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ledger.data.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td data-label={t("accounts.credits.date")}>{formatDateTime(item.at)}</Table.Td>
                  <Table.Td data-label={t("accounts.credits.movement")}>
                    <Badge variant="light" color={item.delta > 0 ? "green" : "red"} tt="none">
                      {movement(item)}
                    </Badge>
                    {item.note && (
                      <Text size="xs" c="gray.7">
                        {item.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t("accounts.credits.number")} fw={600}>
                    {item.delta > 0 ? `+${item.delta}` : `−${Math.abs(item.delta)}`}
                  </Table.Td>
                  <Table.Td data-label={t("accounts.credits.pack")}>{item.pack || "—"}</Table.Td>
                  <Table.Td data-label={t("accounts.credits.expiry")}>
                    {item.expiresOn ? formatDay(item.expiresOn) : t("accounts.credits.neverExpires")}
                  </Table.Td>
                  <Table.Td data-label={t("accounts.credits.author")}>
                    {item.author?.name ?? t("accounts.credits.system")}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      <ListPagination total={ledger.data?.total ?? 0} pageSize={pageSize} page={page} onChange={setPage} />
    </>
  );
}

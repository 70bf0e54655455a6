import { Card, DataList, Progress, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Account } from "../../../contract/accounts";
import { useAdminContext } from "../../ui/admin-context";
import { usePageTitle } from "../../ui/usePageTitle";
import { AccountParamsCard, DefaultEventParamsCard } from "./AccountParamsForms";
import { useAccount } from "./accounts.queries";
import { PageHeader, QueryStatus } from "./page-parts";

/** /admin/account: the account's own params, the defaults of its new events, and how much of its plan it uses. */
export function AccountParamsPage() {
  const { t } = useTranslation();
  const { accountId, can } = useAdminContext();
  usePageTitle(t("accounts.params.pageTitle"));
  const account = useAccount(accountId);
  const readOnly = !can("account.update");
  return (
    <>
      <PageHeader
        title={t("accounts.params.pageTitle")}
        description={readOnly ? t("accounts.params.readOnly") : undefined}
      />
      <QueryStatus isFetching={account.isFetching} error={account.error} />
      {account.data && (
        <Stack gap="lg" maw={900}>
          <UsageCard account={account.data} />
          {/* Keyed by account so switching accounts starts the forms from the new account's values. */}
          <AccountParamsCard key={`params-${account.data.id}`} account={account.data} readOnly={readOnly} />
          <DefaultEventParamsCard key={`defaults-${account.data.id}`} account={account.data} readOnly={readOnly} />
        </Stack>
      )}
    </>
  );
}

function UsageCard({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { usage, limits } = account;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="account-usage">
      <Title order={2} size="h4" id="account-usage" mb="sm">
        {t("accounts.usage.title")}
      </Title>
      <DataList labelWidth="10rem">
        <UsageItem label={t("accounts.usage.organizers")} used={usage.organizers} max={limits.maxOrganizers} />
        <UsageItem label={t("accounts.usage.events")} used={usage.events} max={limits.maxEvents} />
      </DataList>
      <Text size="sm" c="gray.7" mt="sm">
        {t("accounts.usage.readersFree")}
      </Text>
    </Card>
  );
}

function UsageItem({ label, used, max }: { label: string; used: number; max: number | null }) {
  const { t } = useTranslation();
  return (
    <DataList.Item>
      <DataList.ItemLabel c="gray.7">{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ flex: 1 }}>
        <Stack gap={4}>
          <Text fw={600}>
            {max === null ? t("accounts.usage.unlimited", { used }) : t("accounts.usage.ofMax", { used, max })}
          </Text>
          {max !== null && (
            <Progress
              value={Math.min(100, (used / max) * 100)}
              color={used >= max ? "red" : "blue"}
              aria-label={label}
              maw={240}
            />
          )}
        </Stack>
      </DataList.ItemValue>
    </DataList.Item>
  );
}

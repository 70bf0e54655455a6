import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAdminContext } from "../../ui/admin-context";
import { usePageTitle } from "../../ui/usePageTitle";
import { AccountLimitsCard, AccountLimitsSummary, AccountSettingsCard } from "./AccountSettingsForms";
import { useAccount } from "./accounts.queries";
import { CreditActionsCard } from "./CreditActionsCard";
import { PageHeader, QueryStatus } from "./page-parts";

/** /admin/account/settings ("Admin settings"): what an overseer sets, and the limits of the customer's plan. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const { accountId, role, can } = useAdminContext();
  usePageTitle(t("accounts.settings.pageTitle"));
  const account = useAccount(accountId);
  return (
    <>
      <PageHeader title={t("accounts.settings.pageTitle")} description={t("accounts.settings.intro")} />
      <QueryStatus isFetching={account.isFetching} error={account.error} />
      {account.data && (
        <Stack gap="lg" maw={900}>
          <AccountSettingsCard
            key={`settings-${account.data.id}`}
            account={account.data}
            readOnly={!can("account.update")}
          />
          {role === "platformAdmin" ? (
            <>
              <AccountLimitsCard key={`limits-${account.data.id}`} account={account.data} />
              <CreditActionsCard key={`credits-${account.data.id}`} accountId={account.data.id} />
            </>
          ) : (
            <AccountLimitsSummary account={account.data} />
          )}
        </Stack>
      )}
    </>
  );
}

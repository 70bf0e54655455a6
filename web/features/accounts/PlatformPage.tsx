import { Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LoadingLine } from "../../ui/LoadingLine";
import { usePageTitle } from "../../ui/usePageTitle";
import { useMe } from "../auth/auth.queries";
import { PlatformAccountsTab } from "./PlatformAccountsTab";
import { PlatformAdministratorsTab } from "./PlatformAdministratorsTab";
import { NotAllowed, PageHeader } from "./page-parts";

/**
 * /admin/platform, for the platform Administrator: every account and every user of the platform. It may render
 * before any account is chosen, so it reads the signed-in user from useMe(), never from the admin context.
 */
export function PlatformPage() {
  const { t } = useTranslation();
  usePageTitle(t("accounts.platform.pageTitle"));
  const me = useMe();
  if (me.isPending) return <LoadingLine />;
  return (
    <>
      <PageHeader title={t("accounts.platform.pageTitle")} description={t("accounts.platform.intro")} />
      {me.data?.user.isPlatformAdmin ? (
        <Tabs defaultValue="accounts" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="accounts">{t("accounts.platform.accountsTab")}</Tabs.Tab>
            <Tabs.Tab value="administrators">{t("accounts.platform.administratorsTab")}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="accounts">
            <PlatformAccountsTab memberships={me.data.memberships} />
          </Tabs.Panel>
          <Tabs.Panel value="administrators">
            <PlatformAdministratorsTab currentUserId={me.data.user.id} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <NotAllowed />
      )}
    </>
  );
}

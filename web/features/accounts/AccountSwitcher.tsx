import { Select, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Membership } from "../../../contract/auth";
import { useAccount } from "./accounts.queries";
import { chooseAccount } from "./current-account";

/**
 * Names the account in use in the header: a switcher when the user belongs to several, its name otherwise (also for
 * a platform Administrator working in an account they are not a member of).
 */
export function AccountSwitcher({ accountId, memberships }: { accountId: string; memberships: Membership[] }) {
  const { t } = useTranslation();
  const account = useAccount(accountId);
  const isMember = memberships.some((m) => m.accountId === accountId);
  if (memberships.length > 1 && isMember) {
    return (
      <Select
        aria-label={t("app.account")}
        size="xs"
        w={200}
        visibleFrom="sm"
        allowDeselect={false}
        value={accountId}
        data={memberships.map((m) => ({ value: m.accountId, label: m.accountName }))}
        onChange={(value) => value && chooseAccount(value)}
      />
    );
  }
  const name = memberships.find((m) => m.accountId === accountId)?.accountName ?? account.data?.name;
  return name ? (
    <Text size="sm" fw={600} c="gray.8" visibleFrom="sm" truncate maw={220} title={name}>
      {name}
    </Text>
  ) : null;
}

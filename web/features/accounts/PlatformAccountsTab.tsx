import { Badge, Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { accountCreateBody } from "../../../contract/accounts";
import type { Membership } from "../../../contract/auth";
import { useAdminPath } from "../../ui/language-scope";
import { useAccounts, useCreateAccount } from "./accounts.queries";
import { chooseAccount, useCurrentAccountId } from "./current-account";
import { useFormatDateTime } from "./format";
import { NameModal } from "./NameModal";
import { ListPagination, QueryStatus } from "./page-parts";
import classes from "./StackedTable.module.css";

const pageSize = 50;

/** Every account of the platform; the Administrator steps into one to work in it as its overseers do. */
export function PlatformAccountsTab({ memberships }: { memberships: Membership[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const formatDateTime = useFormatDateTime();
  const currentAccountId = useCurrentAccountId(memberships, true);
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [creating, creation] = useDisclosure();
  const accounts = useAccounts({ query: query || undefined, limit: pageSize, offset: (page - 1) * pageSize });
  const create = useCreateAccount();

  const workIn = (accountId: string) => {
    chooseAccount(accountId);
    navigate(adminPath("/events"));
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          type="search"
          label={t("accounts.platform.searchAccounts")}
          value={search}
          w={{ base: "100%", sm: 360 }}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <Button onClick={creation.open}>{t("accounts.platform.createAccount")}</Button>
      </Group>
      <QueryStatus isFetching={accounts.isFetching} error={accounts.error} />
      {accounts.data &&
        (accounts.data.items.length === 0 ? (
          <Text c="gray.7">{t("accounts.platform.noAccounts")}</Text>
        ) : (
          <Table className={classes.stacked} verticalSpacing="sm" striped highlightOnHover>
            <Table.Caption c="gray.7">
              {t("accounts.platform.accountCount", { count: accounts.data.total })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("accounts.platform.accountName")}</Table.Th>
                <Table.Th scope="col">{t("accounts.platform.createdAt")}</Table.Th>
                <Table.Th scope="col">{t("common.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.data.items.map((account) => (
                <Table.Tr key={account.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text fw={600}>{account.name}</Text>
                      {account.id === currentAccountId && (
                        <Badge variant="outline" color="blue.9" tt="none">
                          {t("accounts.platform.current")}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td data-label={t("accounts.platform.createdAt")}>{formatDateTime(account.createdAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={t("accounts.platform.workInNamed", { name: account.name })}
                      onClick={() => workIn(account.id)}
                    >
                      {t("accounts.platform.workIn")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      <ListPagination total={accounts.data?.total ?? 0} pageSize={pageSize} page={page} onChange={setPage} />
      <NameModal
        opened={creating}
        title={t("accounts.platform.createAccount")}
        label={t("accounts.platform.accountName")}
        submitLabel={t("common.create")}
        schema={accountCreateBody}
        onClose={creation.close}
        onSubmit={(name) =>
          create
            .mutateAsync(name)
            .then(() =>
              notifications.show({ color: "green", message: t("accounts.platform.accountCreated", { name }) }),
            )
        }
      />
    </Stack>
  );
}

import { Badge, Button, Group, List, Loader, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Administrator } from "../../../contract/accounts";
import { useAdministratorAccounts, useAdministrators, useDeleteAdministrator } from "./accounts.queries";
import { personName, useFormatDateTime } from "./format";
import { ConfirmModal, ListPagination, QueryStatus } from "./page-parts";
import classes from "./StackedTable.module.css";

const pageSize = 50;

/** Every user of the platform with the accounts they sit in, asked for one user at a time. */
export function PlatformAdministratorsTab({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Administrator | null>(null);
  const administrators = useAdministrators({
    query: query || undefined,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const remove = useDeleteAdministrator();

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("accounts.platform.userDeleted", { email: deleting.email }) });
        closeDelete();
      },
    });
  };

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t("accounts.platform.searchUsers")}
        description={t("accounts.organizers.searchHelp")}
        value={search}
        w={{ base: "100%", sm: 360 }}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <QueryStatus isFetching={administrators.isFetching} error={administrators.error} />
      {administrators.data &&
        (administrators.data.items.length === 0 ? (
          <Text c="gray.7">{t("accounts.organizers.noMatch")}</Text>
        ) : (
          <Table className={classes.stacked} verticalSpacing="sm" striped>
            <Table.Caption c="gray.7">
              {t("accounts.platform.userCount", { count: administrators.data.total })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("accounts.organizers.name")}</Table.Th>
                <Table.Th scope="col">{t("accounts.organizers.lastLogin")}</Table.Th>
                <Table.Th scope="col">{t("accounts.platform.userAccounts")}</Table.Th>
                <Table.Th scope="col">{t("common.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {administrators.data.items.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Text fw={600}>{personName(user)}</Text>
                        {user.isPlatformAdmin && (
                          <Badge variant="outline" color="blue.9" tt="none">
                            {t("accounts.platform.platformAdmin")}
                          </Badge>
                        )}
                        {!user.registered && (
                          <Badge variant="dot" color="orange" tt="none">
                            {t("accounts.organizers.pending")}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="gray.7">
                        {user.email}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td data-label={t("accounts.organizers.lastLogin")}>
                    {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t("accounts.organizers.neverSignedIn")}
                  </Table.Td>
                  <Table.Td data-label={t("accounts.platform.userAccounts")}>
                    <UserAccounts user={user} />
                  </Table.Td>
                  <Table.Td>
                    {user.id !== currentUserId && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        c="red.9"
                        aria-label={t("accounts.platform.deleteUserNamed", { name: personName(user) })}
                        onClick={() => setDeleting(user)}
                      >
                        {t("common.delete")}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      <ListPagination total={administrators.data?.total ?? 0} pageSize={pageSize} page={page} onChange={setPage} />
      <ConfirmModal
        opened={deleting !== null}
        title={t("accounts.platform.deleteUser")}
        confirmLabel={t("common.delete")}
        onConfirm={confirmDelete}
        onClose={closeDelete}
        loading={remove.isPending}
        error={remove.error?.message}
      >
        <Text>{deleting && t("accounts.platform.deleteUserConfirm", { email: deleting.email })}</Text>
      </ConfirmModal>
    </Stack>
  );
}

/** The accounts of one user, fetched only when asked for: the platform-wide list does not carry them. */
function UserAccounts({ user }: { user: Administrator }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const accounts = useAdministratorAccounts(user.id, shown);
  if (!shown) {
    return (
      <Button
        size="compact-sm"
        variant="light"
        aria-label={t("accounts.platform.showAccountsOf", { name: personName(user) })}
        onClick={() => setShown(true)}
      >
        {t("accounts.platform.showAccounts")}
      </Button>
    );
  }
  if (accounts.isPending) return <Loader size="xs" aria-label={t("app.loading")} />;
  if (accounts.isError) return <QueryStatus isFetching={false} error={accounts.error} />;
  if (accounts.data.items.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t("accounts.platform.noMemberships")}
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2}>
      {accounts.data.items.map((account) => (
        <List.Item key={account.id}>
          {account.name} — {t(`accounts.roles.${account.role}.label`)}
        </List.Item>
      ))}
    </List>
  );
}

import { Button, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { Administrator } from "../../../contract/accounts";
import { useAdminContext } from "../../ui/admin-context";
import { useAlert } from "../../ui/alert";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAccount, useAdministrators, useReinvite, useRemoveMember } from "./accounts.queries";
import { InviteOrganizerModal } from "./InviteOrganizerModal";
import { OrganizerRow } from "./OrganizerRow";
import { ConfirmModal, ListPagination, PageHeader, QueryStatus } from "./page-parts";
import classes from "./StackedTable.module.css";

const pageSize = 50;

/** /admin/account/organizers: who works in the account, with which role, and the invitations still pending. */
export function OrganizersPage() {
  const { t } = useTranslation();
  const { accountId, can } = useAdminContext();
  const { showAlert, clearAlert } = useAlert();
  usePageTitle(t("accounts.organizers.pageTitle"));
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [inviting, invitation] = useDisclosure();
  const [removing, setRemoving] = useState<Administrator | null>(null);
  const manage = can("organizers.manage");

  const account = useAccount(accountId);
  const organizers = useAdministrators({ accountId, query, limit: pageSize, offset: (page - 1) * pageSize });
  const reinvite = useReinvite(accountId);
  const remove = useRemoveMember(accountId);

  const resend = (organizer: Administrator) => {
    clearAlert();
    reinvite.mutate(organizer.id, {
      onSuccess: () =>
        notifications.show({ color: "green", message: t("accounts.invite.sent", { email: organizer.email }) }),
      onError: (error) => showAlert(error.message),
    });
  };
  const closeRemoval = () => {
    setRemoving(null);
    remove.reset();
  };
  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("accounts.organizers.removed", { email: removing.email }) });
        closeRemoval();
      },
    });
  };

  const seats = account.data && (
    <Trans
      t={t}
      i18nKey="accounts.organizers.seats"
      values={{ used: account.data.usage.organizers, max: account.data.limits.maxOrganizers }}
      components={{ strong: <strong /> }}
    />
  );
  const total = organizers.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title={t("accounts.organizers.pageTitle")}
        description={seats}
        actions={manage && <Button onClick={invitation.open}>{t("accounts.invite.open")}</Button>}
      />
      <TextInput
        label={t("accounts.organizers.search")}
        description={t("accounts.organizers.searchHelp")}
        type="search"
        maw={400}
        mb="md"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <QueryStatus isFetching={organizers.isFetching} error={organizers.error} />
      {organizers.data &&
        (organizers.data.items.length === 0 ? (
          <Text c="gray.7">{query ? t("accounts.organizers.noMatch") : t("accounts.organizers.empty")}</Text>
        ) : (
          <Table className={classes.stacked} verticalSpacing="sm" striped highlightOnHover>
            <Table.Caption c="gray.7">{t("accounts.organizers.count", { count: total })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("accounts.organizers.name")}</Table.Th>
                <Table.Th scope="col">{t("accounts.organizers.role")}</Table.Th>
                <Table.Th scope="col">{t("accounts.organizers.teams")}</Table.Th>
                <Table.Th scope="col">{t("accounts.organizers.lastLogin")}</Table.Th>
                {manage && <Table.Th scope="col">{t("common.actions")}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {organizers.data.items.map((organizer) => (
                <OrganizerRow
                  key={organizer.id}
                  accountId={accountId}
                  organizer={organizer}
                  manage={manage}
                  onResend={() => resend(organizer)}
                  onRemove={() => setRemoving(organizer)}
                />
              ))}
            </Table.Tbody>
          </Table>
        ))}
      <ListPagination total={total} pageSize={pageSize} page={page} onChange={setPage} />
      {manage && <InviteOrganizerModal accountId={accountId} opened={inviting} onClose={invitation.close} />}
      <ConfirmModal
        opened={removing !== null}
        title={t("accounts.organizers.removeTitle")}
        confirmLabel={t("accounts.organizers.remove")}
        onConfirm={confirmRemoval}
        onClose={closeRemoval}
        loading={remove.isPending}
        error={remove.error?.message}
      >
        <Text>{removing && t("accounts.organizers.removeConfirm", { email: removing.email })}</Text>
      </ConfirmModal>
    </>
  );
}

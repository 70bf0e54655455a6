import { Badge, Button, Code, EmptyState, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { type ApiKey, apiKeyCreateBody } from "../../../contract/accounts";
import { useAdminContext } from "../../ui/admin-context";
import { usePageTitle } from "../../ui/usePageTitle";
import { ApiKeyCreatedModal } from "./ApiKeyCreatedModal";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "./accounts.queries";
import { useFormatDateTime } from "./format";
import { NameModal } from "./NameModal";
import { ConfirmModal, NotAllowed, PageHeader, QueryStatus } from "./page-parts";
import classes from "./StackedTable.module.css";

/** /admin/account/api-keys: keys that let another system call this account's API. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const { accountId, can } = useAdminContext();
  usePageTitle(t("accounts.apiKeys.pageTitle"));
  if (!can("apiKeys.manage")) {
    return (
      <>
        <PageHeader title={t("accounts.apiKeys.pageTitle")} />
        <NotAllowed />
      </>
    );
  }
  return <ApiKeys accountId={accountId} />;
}

function ApiKeys({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [creating, creation] = useDisclosure();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = useApiKeys(accountId);
  const create = useCreateApiKey(accountId);
  const revoke = useRevokeApiKey(accountId);

  const closeRevoke = () => {
    setRevoking(null);
    revoke.reset();
  };
  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("accounts.apiKeys.revoked", { name: revoking.name }) });
        closeRevoke();
      },
    });
  };

  const createButton = <Button onClick={creation.open}>{t("accounts.apiKeys.create")}</Button>;
  const usage = (
    <Trans
      t={t}
      i18nKey="accounts.apiKeys.intro"
      components={{
        header: <Code>{"Authorization: Bearer <key>"}</Code>,
        example: <Code>{`GET /api/v1/accounts/${accountId}/events`}</Code>,
      }}
    />
  );

  return (
    <>
      <PageHeader
        title={t("accounts.apiKeys.pageTitle")}
        description={usage}
        // While there is no key, the empty state below carries the one button.
        actions={keys.data?.items.length !== 0 && createButton}
      />
      <QueryStatus isFetching={keys.isFetching} error={keys.error} />
      {keys.data &&
        (keys.data.items.length === 0 ? (
          <EmptyState title={t("accounts.apiKeys.emptyTitle")} description={t("accounts.apiKeys.emptyText")} py="xl">
            {createButton}
          </EmptyState>
        ) : (
          <Table className={classes.stacked} verticalSpacing="sm" striped>
            <Table.Caption c="gray.7">{t("accounts.apiKeys.count", { count: keys.data.total })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("accounts.apiKeys.name")}</Table.Th>
                <Table.Th scope="col">{t("accounts.apiKeys.prefix")}</Table.Th>
                <Table.Th scope="col">{t("accounts.apiKeys.createdAt")}</Table.Th>
                <Table.Th scope="col">{t("accounts.apiKeys.lastUsedAt")}</Table.Th>
                <Table.Th scope="col">{t("common.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.items.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td fw={600}>{key.name}</Table.Td>
                  <Table.Td data-label={t("accounts.apiKeys.prefix")}>
                    <Code>{key.prefix}…</Code>
                  </Table.Td>
                  <Table.Td data-label={t("accounts.apiKeys.createdAt")}>{formatDateTime(key.createdAt)}</Table.Td>
                  <Table.Td data-label={t("accounts.apiKeys.lastUsedAt")}>
                    {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t("accounts.apiKeys.neverUsed")}
                  </Table.Td>
                  <Table.Td>
                    {key.revokedAt ? (
                      <Badge variant="dot" color="gray" tt="none" title={formatDateTime(key.revokedAt)}>
                        {t("accounts.apiKeys.revokedBadge")}
                      </Badge>
                    ) : (
                      <Button
                        variant="subtle"
                        color="red"
                        c="red.9"
                        size="compact-sm"
                        aria-label={t("accounts.apiKeys.revokeNamed", { name: key.name })}
                        onClick={() => setRevoking(key)}
                      >
                        {t("accounts.apiKeys.revoke")}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      <NameModal
        opened={creating}
        title={t("accounts.apiKeys.create")}
        label={t("accounts.apiKeys.name")}
        submitLabel={t("common.create")}
        schema={apiKeyCreateBody}
        onClose={creation.close}
        onSubmit={(name) => create.mutateAsync(name).then(({ key }) => setCreated({ name, key }))}
      />
      <ApiKeyCreatedModal apiKey={created} onClose={() => setCreated(null)} />
      <ConfirmModal
        opened={revoking !== null}
        title={t("accounts.apiKeys.revokeTitle")}
        confirmLabel={t("accounts.apiKeys.revoke")}
        onConfirm={confirmRevoke}
        onClose={closeRevoke}
        loading={revoke.isPending}
        error={revoke.error?.message}
      >
        <Text>{revoking && t("accounts.apiKeys.revokeConfirm", { name: revoking.name })}</Text>
      </ConfirmModal>
    </>
  );
}

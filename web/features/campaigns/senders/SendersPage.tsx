import { Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ErrorMailReason, errorMailReasons } from "../../../../contract/error-mails";
import { useAdminContext } from "../../../ui/admin-context";
import { usePageTitle } from "../../../ui/usePageTitle";
import { useFormatDateTime } from "../../accounts/format";
import { ListPagination, PageHeader, QueryStatus } from "../../accounts/page-parts";
import classes from "../../accounts/StackedTable.module.css";
import {
  errorMailsPageSize,
  useCreateErrorMail,
  useCreateSender,
  useDeleteSender,
  useErrorMails,
  useResendSender,
  useSenders,
  useUnlockErrorMail,
} from "./senders.queries";

/** /admin/account/senders: the account's sender addresses (SPEC §2) and its rejected addresses (errormails). */
export function SendersPage() {
  const { t } = useTranslation();
  const { accountId, can } = useAdminContext();
  usePageTitle(t("senders.pageTitle"));
  const manage = can("account.update");
  return (
    <>
      <PageHeader title={t("senders.pageTitle")} description={t("senders.intro")} />
      <Stack gap="xl">
        <Senders accountId={accountId} manage={manage} />
        <ErrorMails accountId={accountId} manage={manage} />
      </Stack>
    </>
  );
}

function Senders({ accountId, manage }: { accountId: string; manage: boolean }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const senders = useSenders(accountId);
  const create = useCreateSender(accountId);
  const resend = useResendSender(accountId);
  const remove = useDeleteSender(accountId);
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { email, name },
      {
        onSuccess: (sender) => {
          notifications.show({ color: "green", message: t("senders.added", { email: sender.email }) });
          setEmail("");
          setName("");
        },
      },
    );
  };

  return (
    <section aria-labelledby="senders-heading">
      <Title order={2} size="h3" id="senders-heading" mb="sm">
        {t("senders.sendersTitle")}
      </Title>
      <AddressTable
        query={senders}
        empty={t("senders.empty")}
        columns={[t("senders.email"), t("senders.name"), t("senders.state")]}
        manage={manage}
      >
        {senders.data?.items.map((sender) => (
          <Table.Tr key={sender.id}>
            <Table.Td fw={600}>{sender.email}</Table.Td>
            <Table.Td data-label={t("senders.name")}>{sender.name}</Table.Td>
            <Table.Td data-label={t("senders.state")}>
              {sender.verified ? (
                <Badge color="green" variant="light" tt="none">
                  {t("senders.verified")}
                </Badge>
              ) : (
                <Badge color="orange" variant="light" tt="none">
                  {t("senders.pending", {
                    date: sender.verificationSentAt ? formatDateTime(sender.verificationSentAt) : "",
                  })}
                </Badge>
              )}
            </Table.Td>
            {manage && (
              <Table.Td>
                <Group gap="xs">
                  {!sender.verified && (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-label={t("senders.resendNamed", { email: sender.email })}
                      loading={resend.isPending && resend.variables === sender.id}
                      onClick={() =>
                        resend.mutate(sender.id, {
                          onSuccess: () =>
                            notifications.show({
                              color: "green",
                              message: t("senders.resent", { email: sender.email }),
                            }),
                        })
                      }
                    >
                      {t("senders.resend")}
                    </Button>
                  )}
                  <Button
                    variant="subtle"
                    color="red"
                    c="red.9"
                    size="compact-sm"
                    aria-label={t("senders.deleteNamed", { email: sender.email })}
                    onClick={() => {
                      if (window.confirm(t("senders.deleteConfirm", { email: sender.email }))) remove.mutate(sender.id);
                    }}
                  >
                    {t("common.delete")}
                  </Button>
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </AddressTable>
      {(resend.error || remove.error) && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {(resend.error ?? remove.error)?.message}
        </Alert>
      )}
      {manage && (
        <AddressForm
          onSubmit={submit}
          email={email}
          onEmail={setEmail}
          error={create.error?.message}
          submit={
            <Button type="submit" loading={create.isPending}>
              {t("senders.add")}
            </Button>
          }
        >
          <TextInput label={t("senders.name")} value={name} onChange={(event) => setName(event.currentTarget.value)} />
        </AddressForm>
      )}
    </section>
  );
}

function ErrorMails({ accountId, manage }: { accountId: string; manage: boolean }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const list = useErrorMails(accountId, page, search.trim());
  const create = useCreateErrorMail(accountId);
  const unlock = useUnlockErrorMail(accountId);
  const [email, setEmail] = useState("");
  const [reason, setReason] = useState<ErrorMailReason>("blocked");
  const reasonOptions = errorMailReasons.map((value) => ({ value, label: t(`senders.reasons.${value}`) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ email, reason }, { onSuccess: () => setEmail("") });
  };

  return (
    <section aria-labelledby="error-mails-heading">
      <Title order={2} size="h3" id="error-mails-heading" mb="xs">
        {t("senders.errorMailsTitle")}
      </Title>
      <Text c="gray.7" mb="sm">
        {t("senders.errorMailsIntro")}
      </Text>
      <TextInput
        label={t("senders.search")}
        type="search"
        maw={360}
        mb="sm"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <AddressTable
        query={list}
        empty={t("senders.errorMailsEmpty")}
        caption={t("senders.errorMailsCount", { count: list.data?.total ?? 0 })}
        columns={[t("senders.email"), t("senders.reason"), t("senders.detail"), t("senders.since")]}
        manage={manage}
      >
        {list.data?.items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td fw={600}>{item.email}</Table.Td>
            <Table.Td data-label={t("senders.reason")}>{t(`senders.reasons.${item.reason}`)}</Table.Td>
            <Table.Td data-label={t("senders.detail")}>{item.detail}</Table.Td>
            <Table.Td data-label={t("senders.since")}>{formatDateTime(item.createdAt)}</Table.Td>
            {manage && (
              <Table.Td>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  aria-label={t("senders.unlockNamed", { email: item.email })}
                  onClick={() => {
                    if (window.confirm(t("senders.unlockConfirm", { email: item.email })))
                      unlock.mutate(item.id, {
                        onSuccess: () =>
                          notifications.show({
                            color: "green",
                            message: t("senders.unlocked", { email: item.email }),
                          }),
                      });
                  }}
                >
                  {t("senders.unlock")}
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </AddressTable>
      {list.data && (
        <ListPagination total={list.data.total} pageSize={errorMailsPageSize} page={page} onChange={setPage} />
      )}
      {unlock.error && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {unlock.error.message}
        </Alert>
      )}
      {manage && (
        <AddressForm
          onSubmit={submit}
          email={email}
          onEmail={setEmail}
          error={create.error?.message}
          submit={
            <Button type="submit" variant="light" loading={create.isPending}>
              {t("senders.reject")}
            </Button>
          }
        >
          <Select
            label={t("senders.reason")}
            data={reasonOptions}
            value={reason}
            allowDeselect={false}
            onChange={(value) => value && setReason(value as ErrorMailReason)}
          />
        </AddressForm>
      )}
    </section>
  );
}

/** A list of addresses: loading and error, a line when it is empty, else its table (stacked on a phone). */
function AddressTable(props: {
  query: { isFetching: boolean; error: Error | null; data?: { items: unknown[] } };
  empty: string;
  caption?: string;
  columns: string[];
  /** Whether the rows have an actions column. */
  manage: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = props;
  return (
    <>
      <QueryStatus isFetching={query.isFetching} error={query.error} />
      {query.data &&
        (query.data.items.length === 0 ? (
          <Text c="gray.7">{props.empty}</Text>
        ) : (
          <Table className={classes.stacked} verticalSpacing="sm" striped>
            {props.caption && <Table.Caption c="gray.7">{props.caption}</Table.Caption>}
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((column) => (
                  <Table.Th key={column} scope="col">
                    {column}
                  </Table.Th>
                ))}
                {props.manage && <Table.Th scope="col">{t("common.actions")}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{props.children}</Table.Tbody>
          </Table>
        ))}
    </>
  );
}

/** The form that adds an address to a list: its email, the list's own fields, and its submit button. */
function AddressForm(props: {
  onSubmit(event: FormEvent): void;
  email: string;
  onEmail(email: string): void;
  error?: string;
  submit: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <Group align="flex-end" mt="md" gap="sm">
        <TextInput
          label={t("senders.email")}
          type="email"
          required
          value={props.email}
          onChange={(event) => props.onEmail(event.currentTarget.value)}
          error={props.error}
        />
        {props.children}
        {props.submit}
      </Group>
    </form>
  );
}

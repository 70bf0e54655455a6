import { Alert, Button, Card, Fieldset, Group, Modal, Stack, Text, Title } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadingLine } from "../../ui/LoadingLine";
import { PageLinks } from "../../ui/PageLinks";

/** The heading block every back-office page of this feature starts with; actions wrap under it on a phone. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <Stack gap={4} maw={720}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && <Text c="gray.7">{description}</Text>}
      </Stack>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}

/** What a page shows while its data loads (the loading line of SPEC §2) or after it failed to load. */
export function QueryStatus({ isFetching, error }: { isFetching: boolean; error: Error | null }) {
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {error.message}
      </Alert>
    );
  }
  return isFetching ? <LoadingLine /> : null;
}

/** A page the signed-in organizer may not open: said plainly rather than left empty. */
export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light">
      {t("accounts.notAllowed")}
    </Alert>
  );
}

/** Asks before an action that cannot be undone; the modal stays open with the server's message if it fails. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  loading,
  error,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {children}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button color="red.9" loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A card holding one form that saves its own part of a record. Read-only, its inputs are disabled and the save
 * button is gone, so what the organizer may not change still reads the same.
 */
export function FormCard({
  title,
  description,
  readOnly,
  saving,
  onSubmit,
  children,
}: {
  title: string;
  description?: ReactNode;
  readOnly: boolean;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md">
      <form onSubmit={onSubmit} noValidate>
        <Fieldset
          variant="unstyled"
          disabled={readOnly}
          legend={
            <Title order={2} size="h4">
              {title}
            </Title>
          }
        >
          <Stack gap="md" mt="xs">
            {description && (
              <Text size="sm" c="gray.7">
                {description}
              </Text>
            )}
            {children}
          </Stack>
        </Fieldset>
        {!readOnly && (
          <Group justify="flex-end" mt="lg">
            <Button type="submit" loading={saving}>
              {t("common.save")}
            </Button>
          </Group>
        )}
      </form>
    </Card>
  );
}

/** Page numbers under a long list; nothing while everything fits on one page. */
export function ListPagination({
  total,
  pageSize,
  page,
  onChange,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <PageLinks
      label={t("accounts.pagination.label")}
      pages={Math.ceil(total / pageSize)}
      page={page}
      onChange={onChange}
      pageLabel={(number) => t("accounts.pagination.page", { number })}
      controlLabel={(control) => t(`accounts.pagination.${control}`)}
    />
  );
}

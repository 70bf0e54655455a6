import { Alert, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { showServerErrors, useContractForm } from "../../ui/forms";

/**
 * Asks for one name (a team, an API key, an account) under the contract's own rule, and keeps the server's refusal
 * ("A team with this name already exists.") inside the modal.
 */
export function NameModal({
  opened,
  title,
  label,
  submitLabel,
  schema,
  initialName = "",
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  label: string;
  submitLabel: string;
  schema: z.ZodType<{ name: string }, { name: string }>;
  initialName?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useContractForm(schema, { name: initialName });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    form.setValues({ name: initialName });
    form.clearErrors();
    setFailure(null);
    onClose();
  };
  const submit = form.onSubmit(async ({ name }) => {
    setFailure(null);
    setSaving(true);
    try {
      await onSubmit(name);
      form.setValues({ name: initialName });
      onClose();
    } catch (error) {
      setFailure(showServerErrors(form, error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label={label} required data-autofocus {...form.getInputProps("name")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

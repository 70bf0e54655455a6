import { Alert, Modal, type ModalProps, Stack } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { SaveCancelButtons } from "../../../ui/SaveCancelButtons";
import { serverFailure } from "./CatalogueParts";

type Save<Variables> = {
  mutate(variables: Variables, outcome: { onSuccess(): void; onError(error: Error): void }): void;
  isPending: boolean;
};

type Props<Values, Body, Variables> = {
  title: string;
  size?: ModalProps["size"];
  form: UseFormReturnType<Values, Body>;
  save: Save<Variables>;
  /** What the save sends for the form's checked values. */
  variables(body: Body): Variables;
  onClose(): void;
  children: ReactNode;
};

/**
 * The window that creates or edits one catalogue entry: its fields, then Cancel and Save. A save closes it with a
 * note; a refusal puts the server's field messages under their inputs and its headline, when no field carries it,
 * at the top.
 */
export function CatalogueModal<Values, Body, Variables>({
  title,
  size,
  form,
  save,
  variables,
  onClose,
  children,
}: Props<Values, Body, Variables>) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.onSubmit((body) => {
    setFailure(null);
    save.mutate(variables(body), {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("common.saved") });
        onClose();
      },
      onError: (error) => setFailure(serverFailure(form, error)),
    });
  });

  return (
    <Modal opened onClose={onClose} size={size} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          {children}
          <SaveCancelButtons saving={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

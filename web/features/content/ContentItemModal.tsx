import { Alert, Modal, Stack } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { UseMutationResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { showServerErrors } from "../../ui/forms";
import { SaveCancelButtons } from "../../ui/SaveCancelButtons";

/**
 * The window that adds an item of content (`itemId` undefined) or edits one: its fields, then Save and Cancel. Saving
 * sends the form's checked values (the contract's schema, as the server checks them); the server's field messages go
 * under their fields, any other failure shows at the top of the window, where the organizer is looking.
 */
export function ContentItemModal<Values, Body>({
  title,
  form,
  save,
  itemId,
  onClose,
  children,
}: {
  title: string;
  // biome-ignore lint/suspicious/noExplicitAny: the rules of a contract form (useContractForm) vary with its schema.
  form: UseFormReturnType<Values, Body, any>;
  save: UseMutationResult<unknown, Error, { id?: string; body: Body }>;
  itemId: string | undefined;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.onSubmit((body) => {
    setFailure(null);
    save.mutate(
      { id: itemId, body },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("common.saved") });
          onClose();
        },
        onError: (error) => {
          const headline = showServerErrors(form, error);
          if (Object.keys(form.errors).length === 0) setFailure(headline);
        },
      },
    );
  });
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
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

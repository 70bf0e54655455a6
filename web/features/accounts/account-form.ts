import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { Account, AccountUpdateBody } from "../../../contract/accounts";
import { useAlert } from "../../ui/alert";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { useUpdateAccount } from "./accounts.queries";

/**
 * One card of the account pages: a form shaped like its part of the update body (so the server's field errors land
 * under the right inputs), saved on its own with a notification. `toValues` reads the form's values from an account;
 * after a save the form shows what the server stored (trimmed, lowercased domain...).
 */
export function useAccountForm<Schema extends z.ZodType<AccountUpdateBody, Record<string, unknown>>>(
  account: Account,
  schema: Schema,
  toValues: (account: Account) => z.input<Schema>,
) {
  const { t } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const form = useContractForm(schema, toValues(account));
  const update = useUpdateAccount(account.id);
  const onSubmit = form.onSubmit((body) => {
    clearAlert();
    update.mutate(body, {
      onSuccess: (saved) => {
        const values = toValues(saved);
        form.setValues(values);
        form.resetDirty(values);
        notifications.show({ color: "green", message: t("common.saved") });
      },
      onError: (error) => showAlert(showServerErrors(form, error)),
    });
  });
  return { form, onSubmit, saving: update.isPending };
}

import { Anchor, Button, Stack, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { forgotPasswordBody } from "../../../contract/auth";
import { useAlert } from "../../ui/alert";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { useAdminPath } from "../../ui/language-scope";
import { AuthTitle } from "./AuthTitle";
import { authApi } from "./auth.queries";

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const navigate = useNavigate();
  const { showAlert, clearAlert } = useAlert();
  const form = useContractForm(forgotPasswordBody, { email: "" });
  // The server answers the same whether or not the address has an account, so success always leads on.
  const send = useMutation({
    mutationFn: (email: string) => authApi.forgotPassword({ body: { email } }),
    onSuccess: () => navigate(adminPath("/forgot-password-success")),
    onError: (error) => showAlert(showServerErrors(form, error)),
  });

  return (
    <>
      <AuthTitle title={t("auth.forgotPassword.title")}>{t("auth.forgotPassword.intro")}</AuthTitle>
      <form
        noValidate
        onSubmit={form.onSubmit(({ email }) => {
          clearAlert();
          send.mutate(email);
        })}
      >
        <Stack gap="md">
          <TextInput
            label={t("auth.fields.email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.getInputProps("email")}
          />
          <Button type="submit" fullWidth loading={send.isPending}>
            {t("auth.forgotPassword.submit")}
          </Button>
          <Anchor component={Link} to={adminPath()} size="sm" ta="center">
            {t("auth.backToSignIn")}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}

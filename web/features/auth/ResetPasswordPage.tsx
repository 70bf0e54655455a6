import { Alert, Anchor, Button, Stack } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type ResetPasswordBody, resetPasswordBody } from "../../../contract/auth";
import { translate } from "../../../contract/error-messages";
import { useAlert } from "../../ui/alert";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { useAdminPath, useLanguageScope } from "../../ui/language-scope";
import { AuthTitle } from "./AuthTitle";
import { authApi } from "./auth.queries";
import { PasswordFields } from "./PasswordFields";

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  return (
    <>
      <AuthTitle title={t("auth.resetPassword.title")}>{token && t("auth.resetPassword.intro")}</AuthTitle>
      {token ? <ResetPasswordForm token={token} /> : <MissingLink />}
    </>
  );
}

/**
 * Without a token the form could never succeed. The message comes from the URL, not from an event, so it is drawn
 * here rather than through the shared banner, which clears itself whenever a page opens.
 */
function MissingLink() {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const adminPath = useAdminPath();
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert">
        {translate("LINK_INVALID", language)}
      </Alert>
      <Button component={Link} to={adminPath("/forgot-password")} fullWidth>
        {t("auth.resetPassword.askNewLink")}
      </Button>
    </Stack>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const navigate = useNavigate();
  const { showAlert, clearAlert } = useAlert();
  const form = useContractForm(resetPasswordBody, { token, password: "", passwordConfirmation: "" });
  const reset = useMutation({
    mutationFn: (body: ResetPasswordBody) => authApi.resetPassword({ body }),
    onSuccess: () => navigate(adminPath("/reset-password-success"), { replace: true }),
    onError: (error) => showAlert(showServerErrors(form, error)),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        clearAlert();
        reset.mutate(values);
      })}
    >
      <Stack gap="md">
        <PasswordFields form={form} />
        <Button type="submit" fullWidth loading={reset.isPending}>
          {t("auth.resetPassword.submit")}
        </Button>
        <Anchor component={Link} to={adminPath("/forgot-password")} size="sm" ta="center">
          {t("auth.resetPassword.askNewLink")}
        </Anchor>
      </Stack>
    </form>
  );
}

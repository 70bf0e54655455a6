import { useTranslation } from "react-i18next";
import { useAdminPath } from "../../ui/language-scope";
import { AuthOutcome } from "./AuthOutcome";

export function ResetPasswordSuccessPage() {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  return (
    <AuthOutcome
      title={t("auth.resetPasswordSuccess.title")}
      text={t("auth.resetPasswordSuccess.text")}
      to={adminPath()}
      action={t("auth.signIn.submit")}
    />
  );
}

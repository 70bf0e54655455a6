import { useTranslation } from "react-i18next";
import { useAdminPath } from "../../ui/language-scope";
import { AuthOutcome } from "./AuthOutcome";

export function ForgotPasswordSuccessPage() {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  return (
    <AuthOutcome
      title={t("auth.forgotPasswordSuccess.title")}
      text={t("auth.forgotPasswordSuccess.text")}
      to={adminPath()}
      action={t("auth.backToSignIn")}
    />
  );
}

import { useTranslation } from "react-i18next";
import { useAdminPath } from "../../ui/language-scope";
import { AuthOutcome } from "./AuthOutcome";

export function RegisterSuccessPage() {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  return (
    <AuthOutcome
      title={t("auth.registerSuccess.title")}
      text={t("auth.registerSuccess.text")}
      to={adminPath("/events")}
      action={t("auth.registerSuccess.toEvents")}
    />
  );
}

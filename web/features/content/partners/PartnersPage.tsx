import { Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** An event's partners (SPEC §3 Partner). */
export function PartnersPage() {
  const { t } = useTranslation();
  return <Title order={2}>{t("content.tabs.partners")}</Title>;
}

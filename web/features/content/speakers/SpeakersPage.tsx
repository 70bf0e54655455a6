import { Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** An event's speakers (SPEC §3 Speaker). */
export function SpeakersPage() {
  const { t } = useTranslation();
  return <Title order={2}>{t("content.tabs.speakers")}</Title>;
}

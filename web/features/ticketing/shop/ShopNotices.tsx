import { Alert, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translate } from "../../../../contract/error-messages";
import type { PublicTicketing } from "../../../../contract/ticketing-billing";
import { useLanguageScope } from "../../../ui/language-scope";
import { usePublicEventContext } from "../../../ui/public-layout/PublicLayout";

/** Test mode said up front, with the card that pays: no buyer should think they were charged. */
export function TestModeBanner() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" role="note" title={t("ticketing.shop.testMode.title")}>
      <Text size="sm">{t("ticketing.shop.testMode.hint")}</Text>
    </Alert>
  );
}

/** Why nothing can be bought now: closed, not open yet (and when it opens), or over. */
export function OfficeClosed({ office }: { office: PublicTicketing }) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const event = usePublicEventContext();
  const opens =
    office.state === "not_yet_open" && office.salesStartAt
      ? new Intl.DateTimeFormat(language, { dateStyle: "full", timeStyle: "short", timeZone: event.timezone }).format(
          new Date(office.salesStartAt),
        )
      : null;
  const code =
    office.state === "ended"
      ? "CART_OFFICE_ENDED"
      : office.state === "closed"
        ? "CART_OFFICE_CLOSED"
        : "CART_OFFICE_NOT_OPEN";
  return (
    <Alert color="blue" role="status">
      <Text>{opens ? t("ticketing.shop.opensOn", { date: opens }) : translate(code, language)}</Text>
    </Alert>
  );
}

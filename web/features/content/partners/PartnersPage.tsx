import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useContentEvent } from "../ContentLayout";
import { OrderedContentList } from "../OrderedContentList";
import { PartnerModal } from "./PartnerModal";
import { PartnersImageForm } from "./PartnersImageForm";
import { partnersQueries } from "./partners.queries";

/**
 * An event's partners (SPEC §3 Partner), in the order its public page shows them; or, while the event's
 * singleImagePartners module is on, the one image that shows them all instead.
 */
export function PartnersPage() {
  const { t } = useTranslation();
  const event = useContentEvent();
  if (event.modules.singleImagePartners) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={2}>{t("content.tabs.partners")}</Title>
        <Text>{t("content.partners.singleImageNote")}</Text>
        <PartnersImageForm event={event} />
      </Stack>
    );
  }
  return (
    <OrderedContentList
      kind="partners"
      queries={partnersQueries}
      describe={(partner) => ({ name: partner.name, image: partner.logo, details: partner.link })}
      editor={(partner, onClose) => <PartnerModal key={partner?.id ?? "new"} partner={partner} onClose={onClose} />}
    />
  );
}

import { Anchor, Box, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PublicImage } from "../../../../contract/public";
import type { PublicPartner } from "../../../../contract/public-content";
import { ContentSection } from "./ContentSection";
import { ResponsiveImage } from "./ResponsiveImage";

/** Without a width of its own, a logo shows this wide (within the page's width). */
const defaultLogoWidth = 160;

/**
 * The partners' logos at the width the organizer gave, each leading to the partner's site when it has one; or, with the
 * single-image partners module, the one image of them all.
 */
export function PartnersSection({ partners, image }: { partners: PublicPartner[]; image: PublicImage | null }) {
  const { t } = useTranslation();
  return (
    <ContentSection id="partners" title={t("public.content.partners")}>
      {image && (
        <ResponsiveImage
          image={image}
          alt={t("public.content.partnersImage")}
          sizes="(min-width: 48em) 720px, 100vw"
          displayWidth={720}
          style={{ width: "100%" }}
        />
      )}
      <Group component="ul" gap="lg" align="center" p={0} m={0} style={{ listStyle: "none" }}>
        {partners.map((partner) => (
          <Box component="li" key={partner.id} maw="100%">
            {partner.link ? (
              <Anchor href={partner.link} target="_blank" rel="noopener noreferrer" display="block">
                <PartnerLogo partner={partner} />
              </Anchor>
            ) : (
              <PartnerLogo partner={partner} />
            )}
          </Box>
        ))}
      </Group>
    </ContentSection>
  );
}

function PartnerLogo({ partner }: { partner: PublicPartner }) {
  const width = partner.width ?? defaultLogoWidth;
  if (!partner.logo) {
    return (
      <Text fw={600} size="lg">
        {partner.name}
      </Text>
    );
  }
  return (
    <ResponsiveImage
      image={partner.logo}
      alt={partner.altText}
      sizes={`min(${width}px, 100vw)`}
      displayWidth={width}
      style={{ width }}
    />
  );
}

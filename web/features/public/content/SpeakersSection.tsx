import { Anchor, Avatar, Card, Group, SimpleGrid, Spoiler, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PublicSpeaker } from "../../../../contract/public-content";
import { ContentSection } from "./ContentSection";
import { ResponsiveImage } from "./ResponsiveImage";

const networks = { linkedin: "LinkedIn", twitter: "X (Twitter)", facebook: "Facebook" } as const;
const photoSize = 72;

/** A card per speaker: photo, name, job and company, the biography cut short with "more", and their links. */
export function SpeakersSection({ speakers }: { speakers: PublicSpeaker[] }) {
  const { t } = useTranslation();
  return (
    <ContentSection id="speakers" title={t("public.content.speakers")}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {speakers.map((speaker) => (
          <Card key={speaker.id} withBorder radius="md" padding="md" component="article">
            <Group wrap="nowrap" align="flex-start" gap="md">
              {speaker.photo ? (
                <ResponsiveImage
                  image={speaker.photo}
                  // The name follows as the card's heading.
                  alt=""
                  sizes={`${photoSize}px`}
                  displayWidth={photoSize}
                  style={{ width: photoSize, height: photoSize, objectFit: "cover", borderRadius: "50%" }}
                />
              ) : (
                <Avatar size={photoSize} radius="xl" color="blue" name={speaker.name} aria-hidden />
              )}
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Title order={3} size="h5" style={{ overflowWrap: "anywhere" }}>
                  {speaker.name}
                </Title>
                {(speaker.job || speaker.company) && (
                  <Text size="sm" c="gray.7">
                    {[speaker.job, speaker.company].filter(Boolean).join(" · ")}
                  </Text>
                )}
              </Stack>
            </Group>
            {speaker.biography && (
              <Spoiler mt="sm" maxHeight={72} showLabel={t("public.content.more")} hideLabel={t("public.content.less")}>
                {/* Plain text written by the organizer: line breaks kept, never parsed as HTML. */}
                <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                  {speaker.biography}
                </Text>
              </Spoiler>
            )}
            <SocialLinks speaker={speaker} />
          </Card>
        ))}
      </SimpleGrid>
    </ContentSection>
  );
}

function SocialLinks({ speaker }: { speaker: PublicSpeaker }) {
  const { t } = useTranslation();
  const links = (Object.keys(networks) as (keyof typeof networks)[]).filter((network) => speaker.socialUrls[network]);
  if (links.length === 0) return null;
  return (
    <Group gap="md" mt="sm">
      {links.map((network) => (
        <Anchor
          key={network}
          href={speaker.socialUrls[network]}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          aria-label={t("public.content.socialOf", { network: networks[network], name: speaker.name })}
        >
          {networks[network]}
        </Anchor>
      ))}
    </Group>
  );
}

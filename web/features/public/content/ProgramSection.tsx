import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../contract/common";
import type { PublicProgram } from "../../../../contract/programs";
import { useLanguageScope } from "../../../ui/language-scope";
import { ContentSection } from "./ContentSection";

/** A section's times in the event's timezone (a guest abroad reads the venue's time), "Tue 5 Jun, 09:00 – 10:30". */
function sectionTimes(section: PublicProgram, timezone: string, language: Language) {
  if (!section.startsAt) return null;
  const format = new Intl.DateTimeFormat(language, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: timezone,
  });
  const start = new Date(section.startsAt);
  return section.endsAt ? format.formatRange(start, new Date(section.endsAt)) : format.format(start);
}

/** The program of the page's language in the organizer's order: times, title, place, speakers, description. */
export function ProgramSection({ program, timezone }: { program: PublicProgram[]; timezone: string }) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  return (
    <ContentSection id="program" title={t("public.content.program")}>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
        {program.map((section) => {
          const times = sectionTimes(section, timezone, language);
          return (
            <Card component="li" key={section.id} withBorder radius="md" padding="md">
              {times && (
                <Text size="sm" fw={600} c="blue.8">
                  {times}
                </Text>
              )}
              <Title order={3} size="h5" style={{ overflowWrap: "anywhere" }}>
                {section.title}
              </Title>
              {section.location && (
                <Text size="sm" c="gray.7">
                  {section.location}
                </Text>
              )}
              {section.speakers.length > 0 && (
                <Text size="sm" mt={4}>
                  {t("public.content.programSpeakers", {
                    names: section.speakers.map((speaker) => speaker.name).join(", "),
                  })}
                </Text>
              )}
              {section.description && (
                // Plain text written by the organizer: line breaks kept, never parsed as HTML.
                <Text size="sm" mt="xs" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                  {section.description}
                </Text>
              )}
            </Card>
          );
        })}
      </Stack>
    </ContentSection>
  );
}

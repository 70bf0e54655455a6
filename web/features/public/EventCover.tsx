import { Box, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../contract/common";
import type { PublicEvent } from "../../../contract/public";
import { useLanguageScope } from "../../ui/language-scope";
import { copyFor, sourceSet } from "./responsive-image";

/** The page is at most the layout's `sm` container wide (720 pixels): wider copies would only cost the phone data. */
const coverSizes = "(min-width: 48em) 720px, 100vw";

const coverRadius = "var(--mantine-radius-md)";

/**
 * The top of the event page, as guests know it from ticketing sites: the organizer's banner cropped to 2:1, else a
 * colour block with the day and month, and the logo over its lower edge. The banner is the page's largest paint, so
 * it loads at once and first; its width and height reserve its place so that nothing below moves when it arrives.
 */
export function EventCover({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const { banner, logo } = event.images;
  return (
    <Box pos="relative" mb={logo ? 40 : 0}>
      {banner ? (
        <picture>
          <source type="image/webp" srcSet={sourceSet(banner, true)} sizes={coverSizes} />
          <img
            src={copyFor(banner, 640).url}
            srcSet={sourceSet(banner, false)}
            sizes={coverSizes}
            width={banner.width}
            height={banner.height}
            // Decorative: the event's name follows as the page's heading, and the organizer gives no description.
            alt=""
            loading="eager"
            fetchPriority="high"
            decoding="async"
            style={{
              display: "block",
              width: "100%",
              height: "auto",
              aspectRatio: "2 / 1",
              objectFit: "cover",
              borderRadius: coverRadius,
            }}
          />
        </picture>
      ) : (
        <DateBlock event={event} language={language} />
      )}
      {logo && (
        <Paper pos="absolute" left={16} bottom={-32} p={6} radius="md" shadow="sm" bg="white" withBorder>
          <img
            src={copyFor(logo, 160).url}
            srcSet={sourceSet(logo, false)}
            sizes="160px"
            width={Math.round((64 * logo.width) / logo.height)}
            height={64}
            alt={t("public.event.logoAlt", { name: event.name })}
            style={{ display: "block", height: 64, width: "auto", maxWidth: 160, objectFit: "contain" }}
          />
        </Paper>
      )}
    </Box>
  );
}

/** Without a banner: the event's day and month on a blue to indigo block, its dates in full being just below. */
function DateBlock({ event, language }: { event: PublicEvent; language: Language }) {
  const start = new Date(event.startsAt);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(language, { ...options, timeZone: event.timezone }).format(start);
  return (
    <Box
      aria-hidden
      data-testid="cover-placeholder"
      c="white"
      style={{
        aspectRatio: "3 / 1",
        borderRadius: coverRadius,
        display: "flex",
        flexDirection: "column",
        alignItems: "flex-end",
        justifyContent: "center",
        paddingInline: "var(--mantine-spacing-xl)",
        // Both ends keep white text above 4.5:1.
        background: "linear-gradient(135deg, var(--mantine-color-blue-8), var(--mantine-color-indigo-9))",
      }}
    >
      <Text fz={44} fw={800} lh={1}>
        {part({ day: "numeric" })}
      </Text>
      <Text fz="lg" fw={600} tt="uppercase">
        {part({ month: "short" })}
      </Text>
    </Box>
  );
}

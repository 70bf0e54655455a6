import routeTable from "virtual:endpoint-routes";
import { Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointPath } from "../../../contract/endpoint";
import type { PublicEvent } from "../../../contract/public";
import { useLanguageScope } from "../../ui/language-scope";

type Shared = "idle" | "copied" | "copyFailed";

/**
 * Issue 21: the event's calendar file, a plain download link, and a Share button: the phone's share sheet when the
 * browser has one, else the page's address copied to the clipboard, said on the page.
 */
export function EventShareActions({ event, base }: { event: PublicEvent; base: string }) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const [shared, setShared] = useState<Shared>("idle");
  const calendarUrl = `${endpointPath(routeTable.publicEndpoints.endpoints.calendar, { slug: event.slug })}?lang=${language}`;
  // The page without its query: a personal invitation token in it must not travel with the link.
  const pageUrl = `${window.location.origin}${base}`;

  const share = async () => {
    if (navigator.share) {
      try {
        await navigator.share({ title: event.name, url: pageUrl });
        return;
      } catch (error) {
        // Closing the share sheet is no failure; a refused share falls back to the copy.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(pageUrl);
      setShared("copied");
    } catch {
      setShared("copyFailed");
    }
  };

  return (
    <Stack gap={4}>
      {/* One under the other on a phone, two equal halves from a tablet's width: a label is never cut. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Button component="a" href={calendarUrl} download={`${event.slug}.ics`} variant="light" size="lg" fullWidth>
          {t("public.event.addToCalendar")}
        </Button>
        <Button variant="light" onClick={share} size="lg" fullWidth>
          {t("public.event.share")}
        </Button>
      </SimpleGrid>
      {/* Always there, so that screen readers announce what appears in it. */}
      <Text role="status" size="sm" ta="center" style={{ overflowWrap: "anywhere" }}>
        {shared === "copied" && t("public.event.linkCopied")}
        {shared === "copyFailed" && t("public.event.copyThisLink", { url: pageUrl })}
      </Text>
    </Stack>
  );
}

import { Stack } from "@mantine/core";
import type { PublicContent } from "../../../../contract/public-content";
import { PartnersSection } from "./PartnersSection";
import { SpeakersSection } from "./SpeakersSection";

/**
 * The event's content on its page, each kind that has something: the chunk the event page loads only when there is
 * content, so an event without any costs the phone nothing more.
 */
export default function ContentSections({ content }: { content: PublicContent }) {
  return (
    <Stack gap="xl">
      {content.speakers.length > 0 && <SpeakersSection speakers={content.speakers} />}
      {content.partners.length > 0 && <PartnersSection partners={content.partners} />}
    </Stack>
  );
}

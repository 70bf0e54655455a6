import { Stack } from "@mantine/core";
import type { PublicContent } from "../../../../contract/public-content";
import { DocumentsSection } from "./DocumentsSection";
import { PartnersSection } from "./PartnersSection";
import { PhotosSection } from "./PhotosSection";
import { ProgramSection } from "./ProgramSection";
import { SpeakersSection } from "./SpeakersSection";

/**
 * The event's content on its page, each kind that has something: the chunk the event page loads only when there is
 * content, so an event without any costs the phone nothing more.
 */
export default function ContentSections({ content, timezone }: { content: PublicContent; timezone: string }) {
  return (
    <Stack gap="xl">
      {content.program.length > 0 && <ProgramSection program={content.program} timezone={timezone} />}
      {content.speakers.length > 0 && <SpeakersSection speakers={content.speakers} />}
      {(content.partners.length > 0 || content.partnersImage) && (
        <PartnersSection partners={content.partners} image={content.partnersImage} />
      )}
      {content.documents.length > 0 && <DocumentsSection documents={content.documents} />}
      {content.photos.length > 0 && <PhotosSection photos={content.photos} />}
    </Stack>
  );
}

import { lazy, Suspense } from "react";
import { useLanguageScope } from "../../../ui/language-scope";
import { usePublicEventContext } from "../../../ui/public-layout/PublicLayout";
import { useEventSlug } from "../../../ui/public-layout/public-event.queries";
import { hasSections, usePublicContent } from "./public-content.queries";

const ContentSections = lazy(() => import("./ContentSections"));

/**
 * The event's speakers, partners and the rest, below what the page says of the event: asked once the page shows, its
 * code fetched only when the event has content. Until both arrive, the page is whole without them.
 */
export function EventContent() {
  const { language } = useLanguageScope();
  const content = usePublicContent(useEventSlug(), language);
  const { timezone } = usePublicEventContext();
  if (!content.data || !hasSections(content.data)) return null;
  return (
    <Suspense fallback={null}>
      <ContentSections content={content.data} timezone={timezone} />
    </Suspense>
  );
}

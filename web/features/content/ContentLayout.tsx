import { Button, Group, ScrollArea, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation, useOutletContext, useParams } from "react-router";
import type { Event } from "../../../contract/events";
import { EventPageHeader } from "../../ui/EventPageHeader";
import { eventPageQueries } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { useEvent } from "../events/events.queries";

/**
 * The content kinds, in the order of their tabs: each is the child route `content/<kind>` (content.routes.tsx) and is
 * labelled by `content.tabs.<kind>`. `misc`: the kind belongs to the event's miscellaneous tools, hidden while the
 * event's `misc` module is off (the server refuses them then, MISC_MODULE_OFF).
 */
export const contentTabs = [
  { kind: "speakers", misc: false },
  { kind: "partners", misc: false },
  { kind: "program", misc: false },
  { kind: "documents", misc: true },
  { kind: "photos", misc: true },
  { kind: "pages", misc: true },
] as const;

/** What the layout hands its pages: the event, loaded once for the header and the tabs. */
type ContentContext = { event: Event };

/** The event whose content a page of the layout shows. */
export function useContentEvent(): Event {
  return useOutletContext<ContentContext>().event;
}

/**
 * The frame of an event's content pages: the event's header, a tab bar of links (one per kind, the current one marked
 * for screen readers; it scrolls sideways on a phone rather than wrapping into a block), then the kind's page.
 */
export function ContentLayout() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const { pathname } = useLocation();
  const query = useEvent(eventId);
  usePageTitle(query.data ? t("content.pageTitle", { name: query.data.name }) : t("content.title"));
  const page = eventPageQueries(query);
  if (!page.answers) return page.placeholder;
  const [event] = page.answers;
  const tabs = contentTabs.filter((tab) => !tab.misc || event.modules.misc);
  const context: ContentContext = { event };
  return (
    <Stack gap="lg" maw={1200}>
      <EventPageHeader
        back={adminPath(`/events/${eventId}`)}
        backLabel={t("content.back")}
        title={t("content.title")}
        eventName={event.name}
      />
      <ScrollArea type="auto" offsetScrollbars="x" scrollbars="x">
        <Group component="nav" aria-label={t("content.tabsLabel")} gap="xs" wrap="nowrap">
          {tabs.map(({ kind }) => {
            const path = adminPath(`/events/${eventId}/content/${kind}`);
            const current = pathname === path || pathname.startsWith(`${path}/`);
            return (
              <Button
                key={kind}
                component={Link}
                to={path}
                size="sm"
                variant={current ? "filled" : "light"}
                aria-current={current ? "page" : undefined}
                style={{ flexShrink: 0 }}
              >
                {t(`content.tabs.${kind}`)}
              </Button>
            );
          })}
        </Group>
      </ScrollArea>
      <Outlet context={context} />
    </Stack>
  );
}

import { Anchor, Box } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { PublicContent } from "../../../contract/public-content";
import { useLanguageScope } from "../../ui/language-scope";
import { useEventSlug, usePublicBase } from "../../ui/public-layout/public-event.queries";
import { usePublicContent } from "./content/public-content.queries";

/** The event page's content sections, by the anchor each has there, in the page's order. */
const sections = ["speakers", "partners", "program", "documents", "photos"] as const;
type Section = (typeof sections)[number];

const hasItems = (content: PublicContent | undefined, section: Section) => {
  const items = (content as Partial<Record<Section, unknown[]>> | undefined)?.[section];
  return Array.isArray(items) && items.length > 0;
};

/**
 * The event's menu (issue 21): its page, the sections it has content in, and its custom pages in the visitor's
 * language. One row; on a phone it scrolls sideways rather than wrapping, each link a 44 px target. Nothing shows
 * while the event has nothing but its page. `currentPage` is the custom page shown, if any.
 */
export function EventMenu({ currentPage }: { currentPage?: string }) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const base = usePublicBase();
  const content = usePublicContent(useEventSlug(), language).data;
  useScrollToSection(content !== undefined);
  const present = sections.filter((section) => hasItems(content, section));
  const pages = content?.pages ?? [];
  if (present.length === 0 && pages.length === 0) return null;
  const home = base || "/";
  return (
    <Box component="nav" aria-label={t("public.menu.label")} mx="calc(var(--mantine-spacing-md) * -1)">
      <Box
        component="ul"
        px="md"
        m={0}
        style={{ display: "flex", gap: 4, overflowX: "auto", listStyle: "none", scrollbarWidth: "thin" }}
      >
        <MenuLink to={home} current={currentPage === undefined}>
          {t("public.menu.home")}
        </MenuLink>
        {present.map((section) => (
          <MenuLink key={section} to={`${home}#${section}`}>
            {t(`public.menu.${section}`)}
          </MenuLink>
        ))}
        {pages.map((page) => (
          <MenuLink key={page.slug} to={`${base}/pages/${page.slug}`} current={page.slug === currentPage}>
            {page.title}
          </MenuLink>
        ))}
      </Box>
    </Box>
  );
}

function MenuLink({ to, current = false, children }: { to: string; current?: boolean; children: string }) {
  return (
    <li style={{ flex: "none" }}>
      <Anchor
        component={Link}
        to={to}
        aria-current={current ? "page" : undefined}
        display="inline-flex"
        mih={44}
        px="sm"
        fw={current ? 700 : 500}
        c={current ? "blue.9" : "blue.8"}
        style={{
          alignItems: "center",
          whiteSpace: "nowrap",
          borderBottom: current ? "2px solid currentColor" : undefined,
        }}
      >
        {children}
      </Anchor>
    </li>
  );
}

/**
 * A section's link from another page (`/{event}#speakers`) opens the event page before its content has loaded, so
 * the browser finds no such anchor: scroll to it once the content is there, its sections' code fetched after.
 */
function useScrollToSection(loaded: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    const id = hash.slice(1);
    if (!loaded || !sections.includes(id as Section)) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      const target = document.getElementById(id);
      tries += 1;
      if (target) target.scrollIntoView();
      if (target || tries >= 30) window.clearInterval(timer);
    }, 100);
    return () => window.clearInterval(timer);
  }, [hash, loaded]);
}

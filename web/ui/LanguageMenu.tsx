import { Button } from "@mantine/core";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { languages as allLanguages, type Language } from "../../contract/languages";
import { useLanguageScope } from "./language-scope";
import { loadChunk } from "./lazy-page";

const languageNames: Record<Language, string> = { fr: "Français", en: "English", es: "Español" };

let dropdownChunk: Promise<typeof import("./LanguageMenuDropdown")> | undefined;

/** Fetches the open menu's chunk once: when the pointer comes over the button or it takes the focus, or at the click. */
function loadDropdown() {
  dropdownChunk ??= loadChunk(() => import("./LanguageMenuDropdown")).catch((error: unknown) => {
    dropdownChunk = undefined; // tried again at the next hover or click
    throw error;
  });
  return dropdownChunk;
}

const LanguageMenuDropdown = lazy(async () => ({ default: (await loadDropdown()).LanguageMenuDropdown }));

/** The current path with another language prefix (`/fr/…` becomes `/es/…`; a path without one gains it). */
function pathIn(next: Language, pathname: string, search: string) {
  return `/${next}${pathname.replace(/^\/(fr|en|es)(?=\/)/, "")}${search}`;
}

/**
 * Switches language by switching the path prefix, so a shared link keeps its language. A public event page offers
 * only the event's `languages` and names its own `pathFor`.
 */
export function LanguageMenu({
  languages = allLanguages,
  pathFor,
}: {
  languages?: readonly Language[];
  pathFor?: (next: Language) => string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const location = useLocation();
  const navigate = useNavigate();
  // The menu's code comes with the first click; until then the button stands alone, as the menu's target looks.
  const [menuWanted, setMenuWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const switchTo = (next: Language) =>
    navigate(pathFor ? pathFor(next) : pathIn(next, location.pathname, location.search));
  const prefetch = () => void loadDropdown().catch(() => undefined);
  const button = (
    <Button
      ref={buttonRef}
      variant="subtle"
      color="gray"
      c="gray.8"
      size="compact-sm"
      aria-label={`${languageNames[language]} — ${t("app.language")}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setMenuWanted(true)}
    >
      {languageNames[language]}
    </Button>
  );
  if (!menuWanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenuDropdown
        target={button}
        targetRef={buttonRef}
        languages={languages}
        names={languageNames}
        current={language}
        onSelect={switchTo}
      />
    </Suspense>
  );
}

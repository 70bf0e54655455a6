import { Button, Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { languages as allLanguages, type Language } from "../../contract/languages";
import { useLanguageScope } from "./language-scope";

const names: Record<Language, string> = { fr: "Français", en: "English", es: "Español" };

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
  const switchTo = (next: Language) =>
    navigate(pathFor ? pathFor(next) : pathIn(next, location.pathname, location.search));
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          c="gray.8"
          size="compact-sm"
          aria-label={`${names[language]} — ${t("app.language")}`}
        >
          {names[language]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {languages.map((code) => (
          <Menu.Item key={code} lang={code} onClick={() => switchTo(code)} aria-current={code === language}>
            {names[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

import { Button, Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { type Language, languages } from "../../contract/common";
import { useLanguageScope } from "./language-scope";

const names: Record<Language, string> = { fr: "Français", en: "English", es: "Español" };

/** Switches language by switching the path prefix, so a shared link keeps its language. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const location = useLocation();
  const navigate = useNavigate();
  const switchTo = (next: Language) => {
    const rest = location.pathname.replace(/^\/(fr|en|es)(?=\/)/, "");
    navigate(`/${next}${rest}${location.search}`);
  };
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

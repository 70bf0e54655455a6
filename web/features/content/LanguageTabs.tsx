import { Tabs } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../contract/common";

/**
 * The fields of an item written once per event language (a biography, a logo's alternate text), one tab per language.
 * A tab whose field holds a message is brought forward, so a refused text never hides behind another tab.
 */
export function LanguageTabs({
  languages,
  invalid,
  children,
}: {
  languages: readonly Language[];
  /** Whether the field of a language holds a message. */
  invalid(language: Language): boolean;
  children(language: Language): ReactNode;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(languages[0] ?? null);
  const firstInvalid = languages.find(invalid);
  // When a save is refused, not while the organizer then moves between tabs.
  useEffect(() => {
    if (firstInvalid) setChosen(firstInvalid);
  }, [firstInvalid]);
  return (
    <Tabs value={chosen} onChange={setChosen} variant="outline">
      <Tabs.List>
        {languages.map((language) => (
          <Tabs.Tab key={language} value={language} c={invalid(language) ? "red.8" : undefined}>
            {t(`events.languages.${language}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {languages.map((language) => (
        <Tabs.Panel key={language} value={language} pt="sm">
          {children(language)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

import { SegmentedControl } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../contract/common";
import { useContentEvent } from "../ContentLayout";
import { OrderedContentList } from "../OrderedContentList";
import { ProgramModal } from "./ProgramModal";
import { programQueries } from "./program.queries";
import { formatProgramTime } from "./program-time";

/**
 * An event's program (SPEC §3 Program section): written per language, each language's sections in the order its
 * public page shows them. The switcher picks the language whose sections are listed, moved and added.
 */
export function ProgramPage() {
  const { t, i18n } = useTranslation();
  const event = useContentEvent();
  const [language, setLanguage] = useState<Language>(event.preferredLanguage);
  return (
    <OrderedContentList
      kind="program"
      queries={programQueries}
      language={language}
      filter={
        event.languages.length > 1 && (
          <SegmentedControl
            aria-label={t("content.program.languageSwitch")}
            value={language}
            onChange={(value) => setLanguage(value as Language)}
            data={event.languages.map((value) => ({ value, label: t(`events.languages.${value}`) }))}
            style={{ alignSelf: "flex-start" }}
          />
        )
      }
      describe={(section) => ({
        name: section.title,
        details: [
          formatProgramTime(section, event.timezone, i18n.language),
          section.location,
          section.speakers?.map((speaker) => speaker.name).join(", "),
        ]
          .filter(Boolean)
          .join(" · "),
      })}
      editor={(section, onClose) => (
        <ProgramModal key={section?.id ?? "new"} section={section} language={language} onClose={onClose} />
      )}
    />
  );
}

import { Tabs, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type Event, eventUpdateBody } from "../../../contract/events";
import { useContractForm } from "../../ui/forms";
import { EventTabForm } from "./EventTabForm";

/** One text per language the event is published in; texts of other languages are kept as they are. */
export function EventDescriptionTab({ event, readOnly }: { event: Event; readOnly: boolean }) {
  const { t } = useTranslation();
  const form = useContractForm(eventUpdateBody, {
    description: { fr: event.description.fr ?? "", en: event.description.en ?? "", es: event.description.es ?? "" },
  });
  const first = event.languages[0] ?? event.preferredLanguage;
  // The language tabs sit outside the form's fieldset so that read-only viewers can still switch language.
  return (
    <Tabs defaultValue={first} variant="outline" pt="md">
      <Tabs.List>
        {event.languages.map((language) => (
          <Tabs.Tab key={language} value={language}>
            {t(`events.languages.${language}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <EventTabForm eventId={event.id} form={form} readOnly={readOnly}>
        {event.languages.map((language) => (
          <Tabs.Panel key={language} value={language}>
            <Textarea
              label={t("events.fields.descriptionIn", { language: t(`events.languages.${language}`) })}
              autosize
              minRows={8}
              maxRows={24}
              {...form.getInputProps(`description.${language}`)}
            />
          </Tabs.Panel>
        ))}
      </EventTabForm>
    </Tabs>
  );
}

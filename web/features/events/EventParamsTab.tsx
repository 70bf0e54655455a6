import { MultiSelect, NumberInput, Select, SimpleGrid, Switch, TagsInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { languages } from "../../../contract/common";
import { type Event, eventUpdateBody } from "../../../contract/events";
import { useContractForm } from "../../ui/forms";
import { EventSection } from "./EventSection";
import { EventTabForm } from "./EventTabForm";
import { useNumberInput } from "./event-form";

const moduleFlags = ["multilang", "ebadge", "misc", "singleImagePartners"] as const;
const whiteLabelFlags = ["event", "mails", "campaigns"] as const;

/** Languages, limits, modules and white label of one event. */
export function EventParamsTab({ event, readOnly }: { event: Event; readOnly: boolean }) {
  const { t } = useTranslation();
  const numberInput = useNumberInput();
  const form = useContractForm(eventUpdateBody, {
    languages: event.languages,
    preferredLanguage: event.preferredLanguage,
    ratingMax: event.ratingMax,
    retentionDays: event.retentionDays,
    maxOfflineCheckins: event.maxOfflineCheckins,
    modules: event.modules,
    whiteLabel: event.whiteLabel,
    customDomains: event.customDomains,
    attendeesListPublic: event.attendeesListPublic,
  });
  const chosen = form.values.languages ?? [];
  const languageOption = (value: string) => ({ value, label: t(`events.languages.${value}`) });
  // The preferred language must stay one of the event's languages.
  const setLanguages = (next: string[]) => {
    const picked = languages.filter((language) => next.includes(language));
    const preferred = form.values.preferredLanguage;
    form.setValues({
      languages: picked,
      preferredLanguage: preferred && picked.includes(preferred) ? preferred : (picked[0] ?? preferred),
    });
  };
  const domainErrors = Object.entries(form.errors)
    .filter(([path]) => path.startsWith("customDomains"))
    .map(([, message]) => message);

  return (
    <EventTabForm eventId={event.id} form={form} readOnly={readOnly}>
      <EventSection title={t("events.sections.languages")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label={t("events.fields.languages")}
            withAsterisk
            data={languages.map(languageOption)}
            value={chosen}
            onChange={setLanguages}
            error={form.errors.languages}
          />
          <Select
            label={t("events.fields.preferredLanguage")}
            description={t("events.fields.preferredLanguageHelp")}
            data={chosen.map(languageOption)}
            allowDeselect={false}
            {...form.getInputProps("preferredLanguage")}
          />
        </SimpleGrid>
      </EventSection>
      <EventSection title={t("events.sections.limits")}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={t("events.fields.ratingMax")}
            description={t("events.fields.ratingMaxHelp")}
            withAsterisk
            min={2}
            max={10}
            allowDecimal={false}
            allowNegative={false}
            {...numberInput(form.getInputProps("ratingMax"), "required")}
          />
          <NumberInput
            label={t("events.fields.retentionDays")}
            description={t("events.fields.retentionDaysHelp")}
            min={30}
            max={3650}
            allowDecimal={false}
            allowNegative={false}
            {...numberInput(form.getInputProps("retentionDays"), "null")}
          />
          <NumberInput
            label={t("events.fields.maxOfflineCheckins")}
            description={t("events.fields.maxOfflineCheckinsHelp")}
            withAsterisk
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            {...numberInput(form.getInputProps("maxOfflineCheckins"), "required")}
          />
        </SimpleGrid>
      </EventSection>
      <EventSection title={t("events.sections.modules")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {moduleFlags.map((flag) => (
            <Switch
              key={flag}
              label={t(`events.fields.modules.${flag}`)}
              {...form.getInputProps(`modules.${flag}`, { type: "checkbox" })}
            />
          ))}
        </SimpleGrid>
        <Switch
          label={t("public.settings.attendeesListPublic")}
          description={t("public.settings.attendeesListPublicHelp")}
          {...form.getInputProps("attendeesListPublic", { type: "checkbox" })}
        />
      </EventSection>
      <EventSection title={t("events.sections.whiteLabel")}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {whiteLabelFlags.map((flag) => (
            <Switch
              key={flag}
              label={t(`events.fields.whiteLabel.${flag}`)}
              {...form.getInputProps(`whiteLabel.${flag}`, { type: "checkbox" })}
            />
          ))}
        </SimpleGrid>
        <TagsInput
          label={t("events.fields.customDomains")}
          description={t("events.fields.customDomainsHelp")}
          placeholder={t("events.fields.customDomainsPlaceholder")}
          maxTags={10}
          splitChars={[",", " "]}
          clearable
          value={form.values.customDomains ?? []}
          onChange={(domains) => form.setFieldValue("customDomains", domains)}
          error={domainErrors[0]}
        />
      </EventSection>
    </EventTabForm>
  );
}

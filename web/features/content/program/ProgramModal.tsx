import { MultiSelect, Select, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../contract/common";
import { type Program, programBody } from "../../../../contract/programs";
import { useContractForm } from "../../../ui/forms";
import { dateTimePickerLabels, fromWallTime, toWallTime } from "../../events/event-dates";
import { ContentItemModal } from "../ContentItemModal";
import { useContentEvent } from "../ContentLayout";
import { speakersQueries } from "../speakers/speakers.queries";
import { programQueries } from "./program.queries";

/**
 * Adds a section (`section` null, in the language the page shows) or edits one: the form is the API's body, checked
 * by the same schema. Times are typed in the event's time zone; speakers are chosen among the event's.
 */
export function ProgramModal({
  section,
  language,
  onClose,
}: {
  section: Program | null;
  language: Language;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const event = useContentEvent();
  const save = programQueries.useSave(event.id);
  const speakers = speakersQueries.useList(event.id);
  const form = useContractForm(programBody, {
    language: section?.language ?? language,
    title: section?.title ?? "",
    startsAt: section?.startsAt ?? null,
    endsAt: section?.endsAt ?? null,
    location: section?.location ?? "",
    description: section?.description ?? "",
    speakerIds: section?.speakerIds ?? [],
  });
  const values = form.getValues();
  const zone = event.timezone;
  const dateProps = (field: "startsAt" | "endsAt") => ({
    ...dateTimePickerLabels(t),
    description: t("content.program.zone", { zone }),
    placeholder: t("content.program.noTime"),
    value: values[field] ? toWallTime(values[field], zone) : null,
    onChange: (value: string | null) => form.setFieldValue(field, value ? fromWallTime(value, zone) : null),
    error: form.errors[field],
  });

  return (
    <ContentItemModal
      title={section ? t("content.list.editNamed", { name: section.title }) : t("content.program.add")}
      form={form}
      save={save}
      itemId={section?.id}
      onClose={onClose}
    >
      <TextInput label={t("content.program.title")} withAsterisk {...form.getInputProps("title")} />
      {event.languages.length > 1 && (
        <Select
          label={t("content.program.language")}
          description={t("content.program.languageHint")}
          data={event.languages.map((value) => ({ value, label: t(`events.languages.${value}`) }))}
          allowDeselect={false}
          {...form.getInputProps("language")}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateTimePicker label={t("content.program.startsAt")} {...dateProps("startsAt")} />
        <DateTimePicker label={t("content.program.endsAt")} {...dateProps("endsAt")} />
      </SimpleGrid>
      <TextInput label={t("content.program.location")} {...form.getInputProps("location")} />
      <Textarea
        label={t("content.program.description")}
        autosize
        minRows={3}
        maxRows={10}
        {...form.getInputProps("description")}
      />
      <MultiSelect
        label={t("content.program.speakers")}
        description={speakers.data?.items.length === 0 ? t("content.program.noSpeakers") : undefined}
        data={(speakers.data?.items ?? []).map((speaker) => ({ value: speaker.id, label: speaker.name }))}
        searchable
        clearable
        nothingFoundMessage={t("content.program.noSpeakerFound")}
        {...form.getInputProps("speakerIds")}
      />
    </ContentItemModal>
  );
}

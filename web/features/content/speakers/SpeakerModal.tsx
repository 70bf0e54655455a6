import { Group, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Speaker } from "../../../../contract/speakers";
import { speakerBody } from "../../../../contract/speakers";
import { useContractForm } from "../../../ui/forms";
import { ImageUploadField } from "../../../ui/image-upload/ImageUploadField";
import { ContentItemModal } from "../ContentItemModal";
import { useContentEvent } from "../ContentLayout";
import { LanguageTabs } from "../LanguageTabs";
import { speakersQueries } from "./speakers.queries";

const networks = ["twitter", "facebook", "linkedin"] as const;

/** Adds a speaker (`speaker` null) or edits one: the form is the API's body, checked by the same schema. */
export function SpeakerModal({ speaker, onClose }: { speaker: Speaker | null; onClose(): void }) {
  const { t } = useTranslation();
  const event = useContentEvent();
  const save = speakersQueries.useSave(event.id);
  const form = useContractForm(speakerBody, {
    name: speaker?.name ?? "",
    job: speaker?.job ?? "",
    company: speaker?.company ?? "",
    biography: speaker?.biography ?? {},
    photoImageId: speaker?.photoImageId ?? null,
    socialUrls: speaker?.socialUrls ?? {},
  });
  const photoError = form.errors.photoImageId;
  return (
    <ContentItemModal
      title={speaker ? t("content.list.editNamed", { name: speaker.name }) : t("content.speakers.add")}
      form={form}
      save={save}
      itemId={speaker?.id}
      onClose={onClose}
    >
      <TextInput label={t("content.speakers.name")} withAsterisk {...form.getInputProps("name")} />
      <Group grow align="flex-start" preventGrowOverflow={false} wrap="wrap">
        <TextInput label={t("content.speakers.job")} miw={200} {...form.getInputProps("job")} />
        <TextInput label={t("content.speakers.company")} miw={200} {...form.getInputProps("company")} />
      </Group>
      <LanguageTabs languages={event.languages} invalid={(language) => Boolean(form.errors[`biography.${language}`])}>
        {(language) => (
          <Textarea
            label={t("content.speakers.biographyIn", { language: t(`events.languages.${language}`) })}
            autosize
            minRows={4}
            maxRows={12}
            {...form.getInputProps(`biography.${language}`)}
            value={form.getValues().biography?.[language] ?? ""}
          />
        )}
      </LanguageTabs>
      <ImageUploadField
        accountId={event.accountId}
        eventId={event.id}
        value={form.getValues().photoImageId ?? null}
        onChange={(imageId) => form.setFieldValue("photoImageId", imageId)}
        label={t("content.speakers.photo")}
        purpose="general"
        error={photoError ? String(photoError) : null}
      />
      {networks.map((network) => (
        <TextInput
          key={network}
          type="url"
          label={t(`content.speakers.social.${network}`)}
          placeholder="https://"
          {...form.getInputProps(`socialUrls.${network}`)}
          value={form.getValues().socialUrls?.[network] ?? ""}
        />
      ))}
    </ContentItemModal>
  );
}

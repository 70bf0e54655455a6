import { TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type Photo, photoBody } from "../../../../contract/photos";
import { useContractForm } from "../../../ui/forms";
import { ContentItemModal } from "../ContentItemModal";
import { useContentEvent } from "../ContentLayout";
import { LanguageTabs } from "../LanguageTabs";
import { photosQueries } from "./photos.queries";

/** A photo's caption in each of the event's languages. */
export function PhotoModal({ photo, onClose }: { photo: Photo; onClose(): void }) {
  const { t } = useTranslation();
  const event = useContentEvent();
  const save = photosQueries.useSave(event.id);
  const form = useContractForm(photoBody, { caption: photo.caption });
  return (
    <ContentItemModal title={t("content.photos.editTitle")} form={form} save={save} itemId={photo.id} onClose={onClose}>
      <LanguageTabs languages={event.languages} invalid={(language) => Boolean(form.errors[`caption.${language}`])}>
        {(language) => (
          <TextInput
            label={`${t("content.photos.caption")} (${t(`events.languages.${language}`)})`}
            description={t("content.photos.captionHint")}
            maxLength={500}
            {...form.getInputProps(`caption.${language}`)}
          />
        )}
      </LanguageTabs>
    </ContentItemModal>
  );
}

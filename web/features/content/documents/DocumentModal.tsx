import { Select, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { documentBody, type EventDocument } from "../../../../contract/documents";
import { useContractForm } from "../../../ui/forms";
import { ContentItemModal } from "../ContentItemModal";
import { useContentEvent } from "../ContentLayout";
import { documentsQueries } from "./documents.queries";
import { useLanguageOptions } from "./language-options";

/** Renames a document or changes the language its file is in (the file itself stays). */
export function DocumentModal({ document, onClose }: { document: EventDocument; onClose(): void }) {
  const { t } = useTranslation();
  const event = useContentEvent();
  const save = documentsQueries.useSave(event.id);
  const languages = useLanguageOptions();
  const form = useContractForm(documentBody, { name: document.name, fileLanguage: document.fileLanguage });
  const language = form.getInputProps("fileLanguage");
  return (
    <ContentItemModal
      title={t("content.documents.editTitle")}
      form={form}
      save={save}
      itemId={document.id}
      onClose={onClose}
    >
      <TextInput label={t("content.documents.name")} withAsterisk {...form.getInputProps("name")} />
      <Select
        label={t("content.documents.language")}
        description={t("content.documents.languageHint")}
        data={languages}
        allowDeselect={false}
        {...language}
        value={language.value ?? ""}
        onChange={(value) =>
          form.setFieldValue("fileLanguage", value ? (value as EventDocument["fileLanguage"]) : null)
        }
      />
    </ContentItemModal>
  );
}

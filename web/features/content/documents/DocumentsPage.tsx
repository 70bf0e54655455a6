import routeTable from "virtual:endpoint-routes";
import { Anchor, Select } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { documentMaxBytes } from "../../../../contract/documents";
import { endpointPath } from "../../../../contract/endpoint";
import { formatFileSize } from "../../forms/renderer/file-size";
import { useContentEvent } from "../ContentLayout";
import { FilesDropzone, useUploadQueue } from "../ContentUploads";
import { OrderedContentList } from "../OrderedContentList";
import { DocumentModal } from "./DocumentModal";
import { documentsQueries } from "./documents.queries";
import { useLanguageOptions } from "./language-options";

/** What the file picker offers; the server reads the real type from the bytes. */
const accept = ".pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.zip,.jpg,.jpeg,.png,.gif,.webp";

/**
 * An event's documents (SPEC §3 Document), in the order its public page offers them: files dropped or chosen go up one
 * request each, at the end of the list, in the language chosen above them; each can be renamed, moved, downloaded
 * (the public address visitors use) or deleted.
 */
export function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const event = useContentEvent();
  const languages = useLanguageOptions();
  const [language, setLanguage] = useState("");
  const upload = documentsQueries.useUpload(event.id);
  const queue = useUploadQueue(documentMaxBytes, (file, onProgress) => {
    const body = new FormData();
    body.set("file", file);
    if (language) body.set("fileLanguage", language);
    return upload(body, onProgress);
  });
  const languageName = (code: string | null) =>
    code ? t(`events.languages.${code}`) : t("content.documents.allLanguages");
  return (
    <OrderedContentList
      kind="documents"
      queries={documentsQueries}
      uploader={
        <FilesDropzone
          label={t("content.documents.dropLabel")}
          hint={t("content.documents.dropHint")}
          accept={accept}
          queue={queue}
        >
          <Select
            label={t("content.documents.uploadLanguage")}
            data={languages}
            value={language}
            onChange={(value) => setLanguage(value ?? "")}
            allowDeselect={false}
            maw={320}
            disabled={queue.busy}
          />
        </FilesDropzone>
      }
      describe={(document) => ({
        name: document.name,
        image: null,
        details: (
          <>
            {t("content.documents.details", {
              fileName: document.fileName,
              size: formatFileSize(document.size, i18n.language),
              language: languageName(document.fileLanguage),
            })}{" "}
            <Anchor
              href={endpointPath(routeTable.documentsEndpoints.endpoints.download, {
                slug: event.slug,
                id: document.id,
              })}
              target="_blank"
              rel="noopener"
              size="sm"
              // Inside a line of text, a link is told apart by more than its colour.
              underline="always"
            >
              {t("content.documents.download", { name: document.name })}
            </Anchor>
          </>
        ),
      })}
      editor={(document, onClose) =>
        document && <DocumentModal key={document.id} document={document} onClose={onClose} />
      }
    />
  );
}

import { Anchor, List, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PublicDocument } from "../../../../contract/documents";
import { useLanguageScope } from "../../../ui/language-scope";
import { ContentSection } from "./ContentSection";

/** What a visitor calls the file's type: its extension ("PDF", "DOCX"), else the end of its media type. */
function fileType(document: PublicDocument) {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(document.fileName)?.[1];
  return (extension ?? document.contentType.split("/").pop() ?? "").toUpperCase();
}

/** The document list: each a download link with its type and size, so a phone knows what it is about to fetch. */
export function DocumentsSection({ documents }: { documents: PublicDocument[] }) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const size = (bytes: number) =>
    new Intl.NumberFormat(language, {
      style: "unit",
      unit: bytes >= 1_000_000 ? "megabyte" : "kilobyte",
      unitDisplay: "short",
      maximumFractionDigits: 1,
    }).format(bytes >= 1_000_000 ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)));
  return (
    <ContentSection id="documents" title={t("public.content.documents")}>
      <List listStyleType="none" spacing="sm">
        {documents.map((document) => (
          <List.Item key={document.id}>
            <Anchor href={document.url} fw={600} style={{ overflowWrap: "anywhere" }}>
              {document.name}
            </Anchor>{" "}
            <Text component="span" size="sm" c="gray.7">
              ({fileType(document)}, {size(document.size)})
            </Text>
          </List.Item>
        ))}
      </List>
    </ContentSection>
  );
}

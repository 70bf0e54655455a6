import { Switch, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../contract/common";
import { type CustomPage, customPageBody, customPageSlugMax } from "../../../../contract/custom-pages";
import { useContractForm } from "../../../ui/forms";
import { ContentItemModal } from "../ContentItemModal";
import { useContentEvent } from "../ContentLayout";
import { LanguageTabs } from "../LanguageTabs";
import { customPagesQueries } from "./custom-pages.queries";
import { PageBodyEditor } from "./PageBodyEditor";

/** A slug from a title: "Infos pratiques" → "infos-pratiques" (accents dropped, anything else a dash). */
export const slugOf = (title: string) =>
  title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, customPageSlugMax)
    .replace(/^-+|-+$/g, "");

/** A language's fields as the form holds them; a menu title equal to the title is none of its own. */
function versionFields(page: CustomPage | null, language: Language) {
  const version = page?.versions[language];
  if (!version) return { title: "", slug: "", menuTitle: "", inMenu: true, body: "" };
  const { title, slug, menuTitle, inMenu, body } = version;
  return { title, slug, menuTitle: menuTitle === title ? "" : menuTitle, inMenu, body };
}

/**
 * Adds a custom page (`page` null) or edits one: a tab per event language with its title, address, menu title, menu
 * switch and rich text. The form is the API's body, checked by the same schema: a language left blank is no page.
 */
export function CustomPageModal({ page, name, onClose }: { page: CustomPage | null; name: string; onClose(): void }) {
  const { t } = useTranslation();
  const event = useContentEvent();
  const save = customPagesQueries.useSave(event.id);
  const form = useContractForm(customPageBody, {
    versions: Object.fromEntries(event.languages.map((language) => [language, versionFields(page, language)])),
  });
  const invalid = (language: Language) =>
    Object.keys(form.errors).some((field) => field.startsWith(`versions.${language}`));
  return (
    <ContentItemModal
      title={page ? t("content.pages.editTitle", { name }) : t("content.pages.add")}
      form={form}
      save={save}
      itemId={page?.id}
      onClose={onClose}
    >
      <Text size="sm" c="gray.7">
        {t("content.pages.languagesHelp")}
      </Text>
      <LanguageTabs languages={event.languages} invalid={invalid}>
        {(language) => {
          const field = (name: string) => `versions.${language}.${name}`;
          const version = form.getValues().versions[language] ?? versionFields(null, language);
          const fill = () => {
            if (!version.slug && version.title) form.setFieldValue(field("slug"), slugOf(version.title));
          };
          return (
            <>
              <TextInput
                label={t("content.pages.title")}
                withAsterisk
                {...form.getInputProps(field("title"))}
                onBlur={(blurred) => {
                  form.getInputProps(field("title")).onBlur?.(blurred);
                  fill();
                }}
              />
              <TextInput
                label={t("content.pages.slug")}
                description={t("content.pages.slugHelp", {
                  path: `/${language}/${event.slug}/pages/${version.slug || "…"}`,
                })}
                withAsterisk
                {...form.getInputProps(field("slug"))}
              />
              <TextInput
                label={t("content.pages.menuTitle")}
                description={t("content.pages.menuTitleHelp")}
                {...form.getInputProps(field("menuTitle"))}
              />
              <Switch
                label={t("content.pages.inMenu")}
                my="xs"
                {...form.getInputProps(field("inMenu"), { type: "checkbox" })}
              />
              <PageBodyEditor
                label={t("content.pages.body")}
                value={version.body ?? ""}
                onChange={(html) => form.setFieldValue(field("body"), html)}
                error={form.errors[field("body")] ? String(form.errors[field("body")]) : null}
              />
            </>
          );
        }}
      </LanguageTabs>
    </ContentItemModal>
  );
}

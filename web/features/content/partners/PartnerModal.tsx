import { NumberInput, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type Partner, partnerBody } from "../../../../contract/partners";
import { useContractForm } from "../../../ui/forms";
import { ImageUploadField } from "../../../ui/image-upload/ImageUploadField";
import { ContentItemModal } from "../ContentItemModal";
import { useContentEvent } from "../ContentLayout";
import { LanguageTabs } from "../LanguageTabs";
import { partnersQueries } from "./partners.queries";

/** Adds a partner (`partner` null) or edits one: the form is the API's body, checked by the same schema. */
export function PartnerModal({ partner, onClose }: { partner: Partner | null; onClose(): void }) {
  const { t } = useTranslation();
  const event = useContentEvent();
  const save = partnersQueries.useSave(event.id);
  const form = useContractForm(partnerBody, {
    name: partner?.name ?? "",
    link: partner?.link ?? "",
    logoImageId: partner?.logoImageId ?? null,
    width: partner?.width ?? null,
    altText: partner?.altText ?? {},
  });
  const values = form.getValues();
  const logoError = form.errors.logoImageId;
  return (
    <ContentItemModal
      title={partner ? t("content.list.editNamed", { name: partner.name }) : t("content.partners.add")}
      form={form}
      save={save}
      itemId={partner?.id}
      onClose={onClose}
    >
      <TextInput label={t("content.partners.name")} withAsterisk {...form.getInputProps("name")} />
      <TextInput type="url" label={t("content.partners.link")} placeholder="https://" {...form.getInputProps("link")} />
      <ImageUploadField
        accountId={event.accountId}
        eventId={event.id}
        value={values.logoImageId ?? null}
        onChange={(imageId) => form.setFieldValue("logoImageId", imageId)}
        label={t("content.partners.logo")}
        purpose="general"
        error={logoError ? String(logoError) : null}
      />
      <NumberInput
        label={t("content.partners.width")}
        description={t("content.partners.widthHint")}
        suffix=" px"
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps("width")}
        value={values.width ?? ""}
        onChange={(value) => form.setFieldValue("width", value === "" ? null : Number(value))}
      />
      <LanguageTabs languages={event.languages} invalid={(language) => Boolean(form.errors[`altText.${language}`])}>
        {(language) => (
          <TextInput
            label={t("content.partners.altTextIn", { language: t(`events.languages.${language}`) })}
            description={t("content.partners.altTextHint")}
            {...form.getInputProps(`altText.${language}`)}
            value={values.altText?.[language] ?? ""}
          />
        )}
      </LanguageTabs>
    </ContentItemModal>
  );
}

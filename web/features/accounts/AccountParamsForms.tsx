import { Checkbox, Group, NumberInput, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  type Account,
  accountCreateBody,
  accountParamsSchema,
  defaultEventParamsSchema,
} from "../../../contract/accounts";
import { languages } from "../../../contract/common";
import { useAccountForm } from "./account-form";
import { alignInputs, requiredNumber, timezoneOptions, useLanguageOptions } from "./form-fields";
import { FormCard } from "./page-parts";

const paramsForm = z.object({ name: accountCreateBody.shape.name, params: accountParamsSchema });

/** The account's name and the contact details and language it uses. */
export function AccountParamsCard({ account, readOnly }: { account: Account; readOnly: boolean }) {
  const { t } = useTranslation();
  const languageOptions = useLanguageOptions();
  const { form, onSubmit, saving } = useAccountForm(account, paramsForm, (saved) => ({
    name: saved.name,
    // Params never filled in come back absent; the inputs need strings.
    params: { contactEmail: "", phone: "", website: "", ...saved.params },
  }));
  return (
    <FormCard title={t("accounts.params.title")} readOnly={readOnly} saving={saving} onSubmit={onSubmit}>
      <TextInput label={t("accounts.params.name")} required {...form.getInputProps("name")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} style={alignInputs}>
        <TextInput
          type="email"
          label={t("accounts.params.contactEmail")}
          autoComplete="email"
          {...form.getInputProps("params.contactEmail")}
        />
        <TextInput
          type="tel"
          label={t("accounts.params.phone")}
          autoComplete="tel"
          {...form.getInputProps("params.phone")}
        />
      </SimpleGrid>
      <TextInput
        type="url"
        label={t("accounts.params.website")}
        placeholder="https://"
        {...form.getInputProps("params.website")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} style={alignInputs}>
        <Select
          label={t("accounts.params.language")}
          description={t("accounts.params.languageHelp")}
          data={languageOptions}
          allowDeselect={false}
          {...form.getInputProps("params.language")}
        />
        <Select
          label={t("accounts.params.timezone")}
          data={timezoneOptions}
          searchable
          allowDeselect={false}
          {...form.getInputProps("params.timezone")}
        />
      </SimpleGrid>
    </FormCard>
  );
}

const { maxCompanions, ratingMax } = defaultEventParamsSchema.shape;
const eventDefaultsForm = z.object({
  defaultEventParams: defaultEventParamsSchema
    .extend({
      maxCompanions: requiredNumber(maxCompanions.unwrap()),
      ratingMax: requiredNumber(ratingMax.unwrap()),
    })
    // A preferred language the events do not offer would leave their guests on a language they cannot pick.
    .refine((params) => params.languages.includes(params.preferredLanguage), {
      path: ["preferredLanguage"],
      message: "FIELD_INVALID",
    }),
});

/** What every new event of the account starts with (SPEC §2 "default event params"). */
export function DefaultEventParamsCard({ account, readOnly }: { account: Account; readOnly: boolean }) {
  const { t } = useTranslation();
  const languageOptions = useLanguageOptions();
  const { form, onSubmit, saving } = useAccountForm(account, eventDefaultsForm, (saved) => ({
    defaultEventParams: saved.defaultEventParams,
  }));
  const chosen = form.values.defaultEventParams.languages ?? [];
  return (
    <FormCard
      title={t("accounts.eventDefaults.title")}
      description={t("accounts.eventDefaults.description")}
      readOnly={readOnly}
      saving={saving}
      onSubmit={onSubmit}
    >
      <Select
        label={t("accounts.eventDefaults.timezone")}
        data={timezoneOptions}
        searchable
        allowDeselect={false}
        {...form.getInputProps("defaultEventParams.timezone")}
      />
      <Checkbox.Group
        label={t("accounts.eventDefaults.languages")}
        {...form.getInputProps("defaultEventParams.languages")}
      >
        <Group mt="xs">
          {languages.map((language) => (
            <Checkbox key={language} value={language} label={t(`accounts.languageNames.${language}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Select
        label={t("accounts.eventDefaults.preferredLanguage")}
        data={languageOptions.filter((option) => chosen.includes(option.value))}
        allowDeselect={false}
        {...form.getInputProps("defaultEventParams.preferredLanguage")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} style={alignInputs}>
        <NumberInput
          label={t("accounts.eventDefaults.maxCompanions")}
          min={0}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("defaultEventParams.maxCompanions")}
        />
        <NumberInput
          label={t("accounts.eventDefaults.ratingMax")}
          description={t("accounts.eventDefaults.ratingMaxHelp")}
          min={2}
          max={10}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("defaultEventParams.ratingMax")}
        />
      </SimpleGrid>
    </FormCard>
  );
}

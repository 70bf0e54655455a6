import { Badge, Card, DataList, NumberInput, SimpleGrid, Stack, Switch, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { type Account, accountLimitsSchema, accountSettingsSchema } from "../../../contract/accounts";
import { useAccountForm } from "./account-form";
import { alignInputs, requiredNumber } from "./form-fields";
import { FormCard } from "./page-parts";

const moduleNames = ["multilang", "ebadge", "misc", "singleImagePartners"] as const;

const settingsForm = z.object({
  settings: accountSettingsSchema.extend({
    // An empty input means "no default domain".
    defaultDomain: z
      .string()
      .transform((value) => value.trim() || null)
      .pipe(accountSettingsSchema.shape.defaultDomain),
    retentionDays: requiredNumber(accountSettingsSchema.shape.retentionDays),
  }),
});

/** Settings an overseer changes for the whole account. */
export function AccountSettingsCard({ account, readOnly }: { account: Account; readOnly: boolean }) {
  const { t } = useTranslation();
  const { form, onSubmit, saving } = useAccountForm(account, settingsForm, (saved) => ({
    settings: { ...saved.settings, defaultDomain: saved.settings.defaultDomain ?? "" },
  }));
  return (
    <FormCard title={t("accounts.settings.title")} readOnly={readOnly} saving={saving} onSubmit={onSubmit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} style={alignInputs}>
        <TextInput
          label={t("accounts.settings.defaultDomain")}
          description={t("accounts.settings.defaultDomainHelp")}
          placeholder="events.example.com"
          {...form.getInputProps("settings.defaultDomain")}
        />
        <NumberInput
          label={t("accounts.settings.retentionDays")}
          description={t("accounts.settings.retentionDaysHelp")}
          min={30}
          max={3650}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("settings.retentionDays")}
        />
      </SimpleGrid>
      <Switch
        label={t("accounts.settings.multilang")}
        description={t("accounts.settings.multilangHelp")}
        {...form.getInputProps("settings.multilang", { type: "checkbox" })}
      />
      <Switch
        label={t("accounts.settings.twoFactor")}
        description={t("accounts.settings.twoFactorHelp")}
        {...form.getInputProps("settings.twoFactor", { type: "checkbox" })}
      />
    </FormCard>
  );
}

const { maxOrganizers, maxEvents, offlineCheckinLimit } = accountLimitsSchema.shape;
const limitsForm = z.object({
  limits: accountLimitsSchema.extend({
    maxOrganizers: requiredNumber(maxOrganizers),
    // An empty input means "no limit on events".
    maxEvents: z
      .union([z.literal(""), z.number()])
      .transform((value) => (value === "" ? null : value))
      .pipe(maxEvents),
    offlineCheckinLimit: requiredNumber(offlineCheckinLimit),
  }),
});

/** The limits a platform Administrator sets: they are what the customer pays for. */
export function AccountLimitsCard({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { form, onSubmit, saving } = useAccountForm(account, limitsForm, (saved) => ({
    limits: { ...saved.limits, maxEvents: saved.limits.maxEvents ?? ("" as const) },
  }));
  return (
    <FormCard
      title={t("accounts.limits.title")}
      description={t("accounts.limits.adminOnly")}
      readOnly={false}
      saving={saving}
      onSubmit={onSubmit}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} style={alignInputs}>
        <NumberInput
          label={t("accounts.limits.maxOrganizers")}
          min={1}
          max={10_000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("limits.maxOrganizers")}
        />
        <NumberInput
          label={t("accounts.limits.maxEvents")}
          description={t("accounts.limits.emptyUnlimited")}
          placeholder={t("common.unlimited")}
          min={1}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("limits.maxEvents")}
        />
        <NumberInput
          label={t("accounts.limits.offlineCheckinLimit")}
          min={0}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("limits.offlineCheckinLimit")}
        />
      </SimpleGrid>
      <Switch
        label={t("accounts.limits.whiteLabel")}
        description={t("accounts.limits.whiteLabelHelp")}
        {...form.getInputProps("limits.whiteLabel", { type: "checkbox" })}
      />
      <Title order={3} size="h5">
        {t("accounts.limits.modules")}
      </Title>
      {moduleNames.map((name) => (
        <Switch
          key={name}
          label={t(`accounts.modules.${name}`)}
          {...form.getInputProps(`limits.modules.${name}`, { type: "checkbox" })}
        />
      ))}
    </FormCard>
  );
}

/** The same limits as a plain list, for everyone but the platform Administrator. */
export function AccountLimitsSummary({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { limits } = account;
  const onOff = (on: boolean) => (
    <Badge variant="dot" color={on ? "green" : "gray"} tt="none">
      {on ? t("accounts.limits.on") : t("accounts.limits.off")}
    </Badge>
  );
  const rows: [string, React.ReactNode][] = [
    [t("accounts.limits.maxOrganizers"), limits.maxOrganizers],
    [t("accounts.limits.maxEvents"), limits.maxEvents ?? t("common.unlimited")],
    [t("accounts.limits.offlineCheckinLimit"), limits.offlineCheckinLimit],
    [t("accounts.limits.whiteLabel"), onOff(limits.whiteLabel)],
    ...moduleNames.map((name): [string, React.ReactNode] => [
      t(`accounts.modules.${name}`),
      onOff(limits.modules[name]),
    ]),
  ];
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="account-limits">
      <Stack gap="sm">
        <Title order={2} size="h4" id="account-limits">
          {t("accounts.limits.title")}
        </Title>
        <DataList labelWidth="16rem" withDivider>
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel c="gray.7">{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      </Stack>
    </Card>
  );
}

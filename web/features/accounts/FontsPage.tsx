import { Alert, Button, Card, FileInput, Group, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { alternateFonts, type Font, fontTypes } from "../../../contract/fonts";
import { useAdminContext } from "../../ui/admin-context";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAddFont, useDeleteFont, useFonts, useUpdateFont } from "./fonts.queries";
import { ConfirmModal, PageHeader, QueryStatus } from "./page-parts";

/** The family a font's sample is drawn in: one per font, so two faces of one family never replace each other. */
const sampleFamily = (font: Font) => `account-font-${font.id}`;

/** /admin/account/fonts: the account's WOFF2 faces, used by e-badges and the public event page. */
export function FontsPage() {
  const { t } = useTranslation();
  const { accountId, can } = useAdminContext();
  usePageTitle(t("fonts.pageTitle"));
  const fonts = useFonts(accountId);
  const add = useAddFont(accountId);
  const canChange = can("account.update");
  const items = fonts.data?.items ?? [];
  return (
    <>
      <PageHeader title={t("fonts.pageTitle")} description={t("fonts.intro")} />
      <style>
        {items.map((font) => `@font-face{font-family:"${sampleFamily(font)}";src:url("${font.url}") format("woff2");}`)}
      </style>
      <Stack gap="lg" maw={900}>
        {canChange && (
          <Card withBorder padding="lg" radius="md">
            <Stack gap="xs">
              <FileInput
                label={t("fonts.upload")}
                description={t("fonts.uploadHint")}
                accept=".woff2,font/woff2"
                clearable={false}
                value={null}
                disabled={add.isPending}
                onChange={(file) => file && add.mutate(file)}
              />
              {add.isPending && <Text size="sm">{t("fonts.uploading")}</Text>}
              {add.error && (
                <Alert color="red" variant="light" role="alert">
                  {add.error.message}
                </Alert>
              )}
            </Stack>
          </Card>
        )}
        <QueryStatus isFetching={fonts.isFetching && !fonts.data} error={fonts.error} />
        {fonts.data && items.length === 0 && <Text>{t("fonts.empty")}</Text>}
        {items.map((font) => (
          <FontCard key={font.id} accountId={accountId} font={font} readOnly={!canChange} />
        ))}
      </Stack>
    </>
  );
}

function FontCard({ accountId, font, readOnly }: { accountId: string; font: Font; readOnly: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateFont(accountId);
  const remove = useDeleteFont(accountId);
  const [name, setName] = useState(font.name);
  const [confirming, setConfirming] = useState(false);
  const save = (body: Parameters<typeof update.mutate>[0]["body"]) => update.mutate({ id: font.id, body });
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={font.name}>
      <Stack gap="sm">
        <Text
          size="xl"
          style={{
            fontFamily: `"${sampleFamily(font)}", ${font.alternateFont}`,
            fontWeight: font.type.startsWith("bold") ? 700 : 400,
            fontStyle: font.type.endsWith("talic") ? "italic" : "normal",
          }}
        >
          {t("fonts.sample")}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t("fonts.name")}
            value={name}
            disabled={readOnly}
            onChange={(event) => setName(event.currentTarget.value)}
            onBlur={() => name.trim() && name !== font.name && save({ name })}
          />
          <Select
            label={t("fonts.type")}
            value={font.type}
            disabled={readOnly}
            allowDeselect={false}
            data={fontTypes.map((type) => ({ value: type, label: t(`fonts.types.${type}`) }))}
            onChange={(type) => type && save({ type: type as Font["type"] })}
          />
          <Select
            label={t("fonts.alternateFont")}
            value={font.alternateFont}
            disabled={readOnly}
            allowDeselect={false}
            data={[...alternateFonts]}
            onChange={(alternate) => alternate && save({ alternateFont: alternate as Font["alternateFont"] })}
          />
          <Switch
            label={t("fonts.active")}
            checked={font.active}
            disabled={readOnly}
            onChange={(event) => save({ active: event.currentTarget.checked })}
            mb={8}
          />
          {!readOnly && (
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              {t("fonts.delete")}
            </Button>
          )}
        </Group>
        {update.error && (
          <Alert color="red" variant="light" role="alert">
            {update.error.message}
          </Alert>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t("fonts.deleteTitle", { name: font.name })}
        confirmLabel={t("fonts.delete")}
        loading={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => remove.mutate(font.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
      >
        <Text>{t("fonts.deleteText")}</Text>
      </ConfirmModal>
    </Card>
  );
}

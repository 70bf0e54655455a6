import { Alert, Grid, Paper, SegmentedControl, SimpleGrid, Stack, Tabs, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../contract/common";
import type { Event } from "../../../../contract/events";
import type { CustomField } from "../../../../contract/guests";
import { toLanguage } from "../../../i18n/i18n";
import { FormPreview } from "./FormPreview";
import { findItem, newBlock, newQuestion } from "./form-items";
import { ItemEditor } from "./ItemEditor";
import { ItemPalette } from "./ItemPalette";
import { ItemsCanvas } from "./ItemsCanvas";
import { itemLabeller } from "./item-labels";
import { LocalizedInput } from "./LocalizedInput";
import type { FormDraft } from "./use-form-draft";

type Props = { event: Event; customFields: CustomField[]; draft: FormDraft };

/**
 * The builder's three panes: the palette, the items (sortable, with conditional blocks as groups) and, on the right
 * (below on narrow screens), the selected item's editor and the live preview.
 */
export function FormBuilder({ event, customFields, draft }: Props) {
  const { t, i18n } = useTranslation();
  const interfaceLanguage = toLanguage(i18n.language);
  // Texts are written one language at a time, among the event's languages; the interface's one first when it is one.
  const [language, setLanguage] = useState<Language>(
    event.languages.includes(interfaceLanguage) ? interfaceLanguage : (event.languages[0] ?? event.preferredLanguage),
  );
  const [pane, setPane] = useState<string | null>("item");
  const { items } = draft.draft;
  const label = itemLabeller(items, language, t);
  const selected = draft.selectedId ? findItem(items, draft.selectedId) : null;
  const firstErrors = Object.fromEntries(
    Object.entries(draft.errors.items).map(([id, messages]) => [id, Object.values(messages)[0] ?? ""]),
  );
  const select = (id: string) => {
    draft.select(id);
    setPane("item");
  };

  return (
    <Stack gap="md">
      {event.languages.length > 1 && (
        <Stack gap={4}>
          <Text size="sm" fw={600} id="text-language">
            {t("forms.builder.textLanguage")}
          </Text>
          <SegmentedControl
            aria-labelledby="text-language"
            value={language}
            onChange={(value) => setLanguage(value as Language)}
            data={event.languages.map((value) => ({ value, label: t(`events.languages.${value}`) }))}
            style={{ alignSelf: "flex-start" }}
          />
        </Stack>
      )}
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <LocalizedInput
            label={t("forms.builder.formTitle")}
            value={draft.draft.title}
            language={language}
            required
            error={draft.errors.form.title}
            onChange={(title) => draft.setTexts({ title })}
          />
          <LocalizedInput
            label={t("forms.builder.formDescription")}
            value={draft.draft.description}
            language={language}
            multiline
            error={draft.errors.form.description}
            onChange={(description) => draft.setTexts({ description })}
          />
        </SimpleGrid>
      </Paper>
      {draft.refusal && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={draft.dismissRefusal}>
          {draft.refusal}
        </Alert>
      )}
      <Grid gap="md" columns={24}>
        <Grid.Col span={{ base: 24, md: 6, lg: 5 }}>
          <ItemPalette
            onAddQuestion={(type) => draft.add(newQuestion(type))}
            onAddBlock={(kind) => draft.add(newBlock(kind))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 18, lg: 10 }}>
          <Stack gap="xs">
            <Text fw={700} size="sm">
              {t("forms.builder.items")}
            </Text>
            {draft.errors.form.items && (
              <Text c="red.8" size="sm" role="alert">
                {draft.errors.form.items}
              </Text>
            )}
            <ItemsCanvas
              items={items}
              selectedId={draft.selectedId}
              errors={firstErrors}
              label={label}
              onItemsChange={draft.setItems}
              onRefused={draft.refuse}
              onSelect={select}
              onRemove={draft.remove}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 24, lg: 9 }}>
          <Paper
            withBorder
            radius="md"
            p="md"
            style={{
              position: "sticky",
              top: "calc(var(--app-shell-header-height, 60px) + 16px)",
              maxHeight: "calc(100vh - var(--app-shell-header-height, 60px) - 32px)",
              overflowY: "auto",
            }}
          >
            <Tabs value={pane} onChange={setPane} keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="item">{t("forms.builder.itemTab")}</Tabs.Tab>
                <Tabs.Tab value="preview">{t("forms.builder.previewTab")}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="item">
                {selected ? (
                  <ItemEditor
                    key={selected.item.id}
                    item={selected.item}
                    blockId={selected.place.blockId}
                    items={items}
                    language={language}
                    customFields={customFields}
                    errors={draft.errors.items[selected.item.id] ?? {}}
                    label={label}
                    onChange={draft.update}
                    onPlace={(blockId) => draft.place(selected.item.id, blockId)}
                    onRemove={() => draft.remove(selected.item.id)}
                  />
                ) : (
                  <Text c="gray.7">{t("forms.builder.nothingSelected")}</Text>
                )}
              </Tabs.Panel>
              <Tabs.Panel value="preview">
                <FormPreview form={draft.draft} languages={event.languages} ratingMax={event.ratingMax} />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

import {
  Button,
  ColorInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../contract/common";
import type { EbadgeBlock } from "../../../contract/ebadges";
import { type GuestFieldKey, guestFieldKeys } from "../../../contract/guest-conditions";
import { ImageUploadField } from "../../ui/image-upload/ImageUploadField";
import type { BlockSources } from "./BlockContent";
import { keepOnPage, type PageSize } from "./badge-geometry";

type Props = {
  block: EbadgeBlock;
  page: PageSize;
  sources: BlockSources;
  languages: Language[];
  onLanguage(language: Language): void;
  onChange(block: EbadgeBlock): void;
  onRemove(): void;
  disabled: boolean;
};

const builtInFont = "builtin";

/** The selected block's settings: where it sits, what it shows and how its text looks. */
export function BlockPanel({ block, page, sources, languages, onLanguage, onChange, onRemove, disabled }: Props) {
  const { t } = useTranslation();
  const set = (change: Partial<EbadgeBlock>) => onChange(keepOnPage({ ...block, ...change }, page));
  const millimetres = (name: "x" | "y" | "width" | "height", max: number) => (
    <NumberInput
      label={t(`ebadges.block.${name}`)}
      value={block[name]}
      onChange={(value) => typeof value === "number" && set({ [name]: value })}
      min={name === "width" || name === "height" ? 1 : 0}
      max={max}
      step={1}
      decimalScale={1}
      suffix=" mm"
      disabled={disabled}
    />
  );
  const hasText = block.kind !== "qr" && block.kind !== "logo";

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4">
          {t(`ebadges.kinds.${block.kind}`)}
        </Title>
        <Button size="xs" variant="light" color="red" onClick={onRemove} disabled={disabled}>
          {t("ebadges.block.remove")}
        </Button>
      </Group>
      <BlockSubject
        block={block}
        sources={sources}
        languages={languages}
        onLanguage={onLanguage}
        set={set}
        disabled={disabled}
      />
      <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={600} size="sm" mb={4}>
          {t("ebadges.block.placement")}
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          {millimetres("x", page.width)}
          {millimetres("y", page.height)}
          {millimetres("width", page.width)}
          {millimetres("height", page.height)}
        </SimpleGrid>
        <NumberInput
          label={t("ebadges.block.rotation")}
          value={block.rotation}
          onChange={(value) => typeof value === "number" && set({ rotation: value })}
          min={-360}
          max={360}
          step={5}
          suffix="°"
          disabled={disabled}
        />
      </Stack>
      {hasText && <TextStyle block={block} sources={sources} set={set} disabled={disabled} />}
    </Stack>
  );
}

type Setter = (change: Partial<EbadgeBlock>) => void;

/** What the block prints: its text per language, the guest's field, the logo's image, or a word on what it shows. */
function BlockSubject({
  block,
  sources,
  languages,
  onLanguage,
  set,
  disabled,
}: {
  block: EbadgeBlock;
  sources: BlockSources;
  languages: Language[];
  onLanguage(language: Language): void;
  set: Setter;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  switch (block.kind) {
    case "text":
      return (
        <Tabs value={sources.language} onChange={(value) => value && onLanguage(value as Language)}>
          <Tabs.List>
            {languages.map((language) => (
              <Tabs.Tab key={language} value={language}>
                {t(`events.languages.${language}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {languages.map((language) => (
            <Tabs.Panel key={language} value={language} pt="xs">
              <Textarea
                label={t("ebadges.block.text", { language: t(`events.languages.${language}`) })}
                value={block.text?.[language] ?? ""}
                onChange={(event) => set({ text: { ...block.text, [language]: event.currentTarget.value } })}
                autosize
                minRows={2}
                maxLength={2000}
                disabled={disabled}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      );
    case "field":
      return (
        <Select
          label={t("ebadges.block.field")}
          data={[
            {
              group: t("ebadges.fields.guest"),
              items: guestFieldKeys.map((key) => ({ value: key, label: t(`guests.fields.${key}`) })),
            },
            { group: t("ebadges.fields.ticketing"), items: [{ value: "ticket", label: t("ebadges.fields.ticket") }] },
            ...(sources.customFields.length > 0
              ? [
                  {
                    group: t("ebadges.fields.custom"),
                    items: sources.customFields.map((field) => ({ value: `custom:${field.id}`, label: field.name })),
                  },
                ]
              : []),
          ]}
          value={block.field ?? "lastName"}
          onChange={(value) => value && set({ field: value as GuestFieldKey })}
          allowDeselect={false}
          searchable
          disabled={disabled}
        />
      );
    case "logo":
      return (
        <ImageUploadField
          accountId={sources.accountId}
          eventId={sources.event.id}
          value={block.imageId ?? null}
          onChange={(imageId) => set({ imageId: imageId ?? undefined })}
          label={t("ebadges.block.logo")}
          purpose="general"
          disabled={disabled}
        />
      );
    default:
      return (
        <Text size="sm" c="gray.7">
          {t(`ebadges.block.about.${block.kind}`)}
        </Text>
      );
  }
}

function TextStyle({
  block,
  sources,
  set,
  disabled,
}: {
  block: EbadgeBlock;
  sources: BlockSources;
  set: Setter;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const typeOf = (type: string) => t(`ebadges.fontTypes.${type}`);
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm" mb={4}>
        {t("ebadges.block.typography")}
      </Text>
      <Select
        label={t("ebadges.block.font")}
        data={[
          { value: builtInFont, label: t("ebadges.block.builtInFont") },
          ...sources.fonts.map((font) => ({ value: font.id, label: `${font.name} (${typeOf(font.type)})` })),
        ]}
        value={block.fontId ?? builtInFont}
        onChange={(value) => set({ fontId: !value || value === builtInFont ? null : value })}
        allowDeselect={false}
        disabled={disabled}
      />
      <SimpleGrid cols={2} spacing="xs">
        <NumberInput
          label={t("ebadges.block.fontSize")}
          value={block.fontSize}
          onChange={(value) => typeof value === "number" && set({ fontSize: value })}
          min={4}
          max={200}
          suffix=" pt"
          disabled={disabled}
        />
        <ColorField value={block.color} onChange={(color) => set({ color })} disabled={disabled} />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`align-${block.id}`}>
          {t("ebadges.block.align")}
        </Text>
        <SegmentedControl
          aria-labelledby={`align-${block.id}`}
          value={block.align}
          onChange={(value) => set({ align: value as EbadgeBlock["align"] })}
          data={(["left", "center", "right"] as const).map((value) => ({
            value,
            label: t(`ebadges.block.alignments.${value}`),
          }))}
          disabled={disabled}
          fullWidth
        />
      </Stack>
    </Stack>
  );
}

/** A colour typed a character at a time is kept here until it is a whole #rrggbb, then given to the block. */
function ColorField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange(color: string): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <ColorInput
      label={t("ebadges.block.color")}
      value={draft}
      onChange={(color) => {
        setDraft(color);
        if (/^#[0-9a-fA-F]{6}$/.test(color)) onChange(color);
      }}
      onBlur={() => setDraft(value)}
      format="hex"
      disabled={disabled}
    />
  );
}

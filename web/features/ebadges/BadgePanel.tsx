import { NumberInput, SegmentedControl, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type EbadgeFormat, ebadgeFormats } from "../../../contract/ebadges";
import { ImageUploadField } from "../../ui/image-upload/ImageUploadField";
import type { BadgeDesign } from "./badge-geometry";

type Props = {
  accountId: string;
  eventId: string;
  design: BadgeDesign;
  onChange(change: Partial<BadgeDesign>): void;
  nameError: string | null;
  disabled: boolean;
};

/** The whole badge's settings, shown while no block is selected: its name, page, rotation and background. */
export function BadgePanel({ accountId, eventId, design, onChange, nameError, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t("ebadges.designer.badgeSettings")}
      </Title>
      <TextInput
        label={t("ebadges.create.name")}
        value={design.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        error={nameError}
        required
        maxLength={100}
        disabled={disabled}
      />
      <Select
        label={t("ebadges.designer.format")}
        data={(Object.keys(ebadgeFormats) as EbadgeFormat[]).map((format) => {
          const [width, height] = ebadgeFormats[format];
          return { value: format, label: t("ebadges.designer.formatSize", { format, width, height }) };
        })}
        value={design.format}
        onChange={(value) => value && onChange({ format: value as EbadgeFormat })}
        allowDeselect={false}
        disabled={disabled}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="badge-orientation">
          {t("ebadges.designer.orientation")}
        </Text>
        <SegmentedControl
          aria-labelledby="badge-orientation"
          value={design.orientation}
          onChange={(value) => onChange({ orientation: value as BadgeDesign["orientation"] })}
          data={(["portrait", "landscape"] as const).map((value) => ({
            value,
            label: t(`ebadges.orientation.${value}`),
          }))}
          disabled={disabled}
          fullWidth
        />
      </Stack>
      <NumberInput
        label={t("ebadges.designer.rotation")}
        description={t("ebadges.designer.rotationHint")}
        value={design.rotation}
        onChange={(value) => typeof value === "number" && onChange({ rotation: value })}
        min={-360}
        max={360}
        step={90}
        suffix="°"
        disabled={disabled}
      />
      <ImageUploadField
        accountId={accountId}
        eventId={eventId}
        value={design.backgroundImageId}
        onChange={(backgroundImageId) => onChange({ backgroundImageId })}
        label={t("ebadges.designer.background")}
        description={t("ebadges.designer.backgroundHint")}
        purpose="ebadge"
        disabled={disabled}
      />
    </Stack>
  );
}

import { Button, Checkbox, Popover, Stack } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import type { CustomField } from "../../../contract/guests";

/** The custom fields shown as columns, remembered per event in this browser. */
export function useCustomColumns(eventId: string) {
  return useLocalStorage<string[]>({ key: `guests.columns.${eventId}`, defaultValue: [] });
}

/** A popover of labelled checkboxes rather than a menu: menu items cannot carry a checked state for screen readers. */
export function GuestColumnsMenu({
  fields,
  shown,
  onChange,
}: {
  fields: CustomField[];
  shown: string[];
  onChange(ids: string[]): void;
}) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  return (
    <Popover position="bottom-end" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default">{t("guests.list.columns")}</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group label={t("guests.list.customColumns")} value={shown} onChange={onChange}>
          <Stack gap="xs" mt="xs">
            {fields.map((field) => (
              <Checkbox key={field.id} value={field.id} label={field.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}

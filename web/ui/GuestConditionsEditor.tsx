import { Fieldset, MultiSelect, SimpleGrid, Stack, TagsInput, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { GuestConditions } from "../../contract/guest-conditions";
import { type CustomField, choiceFieldTypes, guestStatuses } from "../../contract/guests";

type Option = { id: string; label: string };

type Props = {
  value: GuestConditions;
  onChange(value: GuestConditions): void;
  tickets: Option[];
  categories: Option[];
  customFields: CustomField[];
  disabled?: boolean;
};

/** A file field holds an upload, which no condition can compare. */
const comparableFields = (fields: CustomField[]) => fields.filter((field) => field.type !== "file");
const asData = (options: Option[]) => options.map((option) => ({ value: option.id, label: option.label }));

/**
 * Which guests a check-in session lets in or an e-badge is for (contract/guest-conditions.ts): statuses, tickets,
 * ticket categories and, per custom field, the values that match. A choice field offers its choices (the guest holds
 * the choice id); any other field takes free values typed in. An empty part sets nothing, so a custom field left
 * empty is dropped from the conditions rather than sent with no value (the server requires at least one).
 */
export function GuestConditionsEditor({ value, onChange, tickets, categories, customFields, disabled }: Props) {
  const { t } = useTranslation();
  const valuesOf = (fieldId: string) => value.customFields.find((field) => field.fieldId === fieldId)?.values ?? [];
  const setFieldValues = (fieldId: string, values: string[]) => {
    const others = value.customFields.filter((field) => field.fieldId !== fieldId);
    // Keep the order of the event's fields, so the same conditions always read (and save) the same way.
    const next = values.length > 0 ? [...others, { fieldId, values }] : others;
    const order = customFields.map((field) => field.id);
    next.sort((a, b) => order.indexOf(a.fieldId) - order.indexOf(b.fieldId));
    onChange({ ...value, customFields: next });
  };
  const fields = comparableFields(customFields);

  return (
    <Fieldset legend={t("checkin.conditions.legend")} disabled={disabled}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("checkin.conditions.hint")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label={t("checkin.conditions.statuses")}
            placeholder={t("checkin.conditions.any")}
            data={guestStatuses.map((status) => ({ value: status, label: t(`guests.status.${status}`) }))}
            value={value.statuses}
            onChange={(statuses) => onChange({ ...value, statuses: statuses as GuestConditions["statuses"] })}
            disabled={disabled}
            clearable
          />
          <MultiSelect
            label={t("checkin.conditions.tickets")}
            placeholder={tickets.length > 0 ? t("checkin.conditions.any") : t("checkin.conditions.noTickets")}
            data={asData(tickets)}
            value={value.ticketIds}
            onChange={(ticketIds) => onChange({ ...value, ticketIds })}
            disabled={disabled || tickets.length === 0}
            searchable
            clearable
          />
          <MultiSelect
            label={t("checkin.conditions.categories")}
            placeholder={categories.length > 0 ? t("checkin.conditions.any") : t("checkin.conditions.noCategories")}
            data={asData(categories)}
            value={value.categoryIds}
            onChange={(categoryIds) => onChange({ ...value, categoryIds })}
            disabled={disabled || categories.length === 0}
            searchable
            clearable
          />
          {fields.map((field) =>
            choiceFieldTypes.includes(field.type) ? (
              <MultiSelect
                key={field.id}
                label={field.name}
                placeholder={t("checkin.conditions.any")}
                data={field.choices.map((choice) => ({ value: choice.id, label: choice.label }))}
                value={valuesOf(field.id)}
                onChange={(values) => setFieldValues(field.id, values)}
                disabled={disabled}
                searchable
                clearable
              />
            ) : (
              <TagsInput
                key={field.id}
                label={field.name}
                placeholder={t("checkin.conditions.anyValue")}
                description={t("checkin.conditions.freeValues")}
                value={valuesOf(field.id)}
                onChange={(values) => setFieldValues(field.id, values)}
                disabled={disabled}
                clearable
              />
            ),
          )}
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

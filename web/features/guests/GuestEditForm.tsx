import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { type CustomField, civilities, type Guest, guestStatuses, guestUpdateBody } from "../../../contract/guests";
import { useAlert } from "../../ui/alert";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { CustomFieldInput } from "./CustomFieldInput";
import { useUpdateGuest } from "./guests.queries";

const blankToNull = (value: Guest["customFields"][string]) =>
  value === "" || (Array.isArray(value) && value.length === 0) ? null : value;

/** Every field of one guest; custom field errors come back from the server as `customFields.<id>`. */
export function GuestEditForm({ guest, fields, readOnly }: { guest: Guest; fields: CustomField[]; readOnly: boolean }) {
  const { t } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const update = useUpdateGuest(guest.eventId);
  const form = useContractForm(guestUpdateBody, {
    firstName: guest.firstName,
    lastName: guest.lastName,
    civility: guest.civility,
    email: guest.email ?? "",
    company: guest.company,
    jobTitle: guest.jobTitle,
    phone: guest.phone,
    status: guest.status,
    companionsExpected: guest.companionsExpected,
    namelessCompanions: guest.namelessCompanions,
    prescriber: guest.prescriber,
    registered: guest.registered,
    customFields: Object.fromEntries(fields.map((field) => [field.id, guest.customFields[field.id] ?? null])),
  });
  const submit = form.onSubmit((body) => {
    clearAlert();
    const customFields = Object.fromEntries(
      Object.entries(body.customFields ?? {}).map(([id, value]) => [id, blankToNull(value)]),
    );
    update.mutate(
      { guestId: guest.id, body: { ...body, customFields } },
      {
        onSuccess: () => notifications.show({ color: "green", message: t("common.saved") }),
        onError: (error) => {
          const headline = showServerErrors(form, error);
          if (Object.keys(form.errors).length === 0) showAlert(headline);
        },
      },
    );
  });
  const count = (key: "companionsExpected" | "namelessCompanions") => {
    const props = form.getInputProps(key);
    return {
      ...props,
      onChange: (value: string | number) => form.setFieldValue(key, value === "" ? 0 : Number(value)),
    };
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={760}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t("guests.fields.civility")}
            data={civilities.map((value) => ({ value, label: t(`guests.civility.${value}`) }))}
            clearable
            disabled={readOnly}
            {...form.getInputProps("civility")}
          />
          <Select
            label={t("guests.fields.status")}
            data={guestStatuses.map((value) => ({ value, label: t(`guests.status.${value}`) }))}
            allowDeselect={false}
            disabled={readOnly}
            {...form.getInputProps("status")}
          />
          <TextInput label={t("guests.fields.firstName")} disabled={readOnly} {...form.getInputProps("firstName")} />
          <TextInput label={t("guests.fields.lastName")} disabled={readOnly} {...form.getInputProps("lastName")} />
          <TextInput
            type="email"
            label={t("guests.fields.email")}
            disabled={readOnly}
            {...form.getInputProps("email")}
          />
          <TextInput type="tel" label={t("guests.fields.phone")} disabled={readOnly} {...form.getInputProps("phone")} />
          <TextInput label={t("guests.fields.company")} disabled={readOnly} {...form.getInputProps("company")} />
          <TextInput label={t("guests.fields.jobTitle")} disabled={readOnly} {...form.getInputProps("jobTitle")} />
          <NumberInput
            label={t("guests.fields.companionsExpected")}
            min={0}
            max={100}
            disabled={readOnly}
            {...count("companionsExpected")}
          />
          <NumberInput
            label={t("guests.fields.namelessCompanions")}
            min={0}
            max={100}
            disabled={readOnly}
            {...count("namelessCompanions")}
          />
          <TextInput label={t("guests.fields.prescriber")} disabled={readOnly} {...form.getInputProps("prescriber")} />
        </SimpleGrid>
        <Checkbox
          label={t("guests.fields.registered")}
          disabled={readOnly}
          {...form.getInputProps("registered", { type: "checkbox" })}
        />
        {fields.map((field) => (
          <CustomFieldInput
            key={field.id}
            field={field}
            disabled={readOnly}
            input={form.getInputProps(`customFields.${field.id}`)}
          />
        ))}
        {!readOnly && (
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t("common.save")}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

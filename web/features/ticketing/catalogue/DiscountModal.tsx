import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Event } from "../../../../contract/events";
import { type Discount, discountBody, type Ticket } from "../../../../contract/ticketing-catalogue";
import { useContractForm } from "../../../ui/forms";
import { fromWallTime, toWallTime } from "../../events/event-dates";
import { serverFailure } from "./CatalogueParts";
import { useSaveDiscount } from "./catalogue.queries";
import { ReductionFields } from "./ReductionFields";

type Props = { event: Event; discount: Discount | null; tickets: Ticket[]; onClose(): void };

/** Creates an automatic discount (`discount` null) or edits one: a group rate, optionally between two dates. */
export function DiscountModal({ event, discount, tickets, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveDiscount(event.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContractForm(discountBody, {
    name: discount?.name ?? "",
    discountType: discount?.discountType ?? "percent",
    amountOffCents: discount?.amountOffCents ?? null,
    percentOff: discount?.percentOff ?? null,
    minQuantity: discount?.minQuantity ?? 1,
    startsAt: discount?.startsAt ?? null,
    endsAt: discount?.endsAt ?? null,
    ticketIds: discount?.ticketIds ?? [],
  });
  const values = form.getValues();
  const zone = event.timezone;
  const dateProps = (field: "startsAt" | "endsAt") => ({
    previousLabel: t("common.previous"),
    nextLabel: t("common.next"),
    valueFormat: "D MMM YYYY HH:mm",
    clearable: true,
    timePickerProps: { hoursInputLabel: t("events.fields.hours"), minutesInputLabel: t("events.fields.minutes") },
    submitButtonProps: { "aria-label": t("common.confirm") },
    value: values[field] ? toWallTime(values[field], zone) : null,
    onChange: (value: string | null) => form.setFieldValue(field, value ? fromWallTime(value, zone) : null),
    error: form.errors[field],
  });
  const submit = form.onSubmit((body) => {
    setFailure(null);
    save.mutate(
      { id: discount?.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("common.saved") });
          onClose();
        },
        onError: (error) => setFailure(serverFailure(form, error)),
      },
    );
  });

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(discount ? "ticketing.catalogue.discounts.editTitle" : "ticketing.catalogue.discounts.create")}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label={t("ticketing.catalogue.discounts.name")} withAsterisk {...form.getInputProps("name")} />
          <ReductionFields
            values={values}
            errors={form.errors}
            tickets={tickets}
            onChange={(patch) => form.setValues(patch)}
          />
          <NumberInput
            label={t("ticketing.catalogue.discounts.minQuantity")}
            description={t("ticketing.catalogue.discounts.minQuantityHelp")}
            allowDecimal={false}
            allowNegative={false}
            min={1}
            {...form.getInputProps("minQuantity")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateTimePicker
              label={t("ticketing.catalogue.discounts.startsAt")}
              placeholder={t("ticketing.catalogue.periods.noStart")}
              description={t("ticketing.catalogue.discounts.zone", { zone })}
              {...dateProps("startsAt")}
            />
            <DateTimePicker
              label={t("ticketing.catalogue.discounts.endsAt")}
              placeholder={t("ticketing.catalogue.periods.noEnd")}
              description={t("ticketing.catalogue.discounts.zone", { zone })}
              {...dateProps("endsAt")}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { NumberInput, SimpleGrid, TextInput } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { useTranslation } from "react-i18next";
import type { Event } from "../../../../contract/events";
import { type Discount, discountBody, type Ticket } from "../../../../contract/ticketing-catalogue";
import { useContractForm } from "../../../ui/forms";
import { dateTimePickerLabels, fromWallTime, toWallTime } from "../../events/event-dates";
import { CatalogueModal } from "./CatalogueModal";
import { useSaveDiscount } from "./catalogue.queries";
import { ReductionFields } from "./ReductionFields";

type Props = { event: Event; discount: Discount | null; tickets: Ticket[]; onClose(): void };

/** Creates an automatic discount (`discount` null) or edits one: a group rate, optionally between two dates. */
export function DiscountModal({ event, discount, tickets, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveDiscount(event.id);
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
    ...dateTimePickerLabels(t),
    value: values[field] ? toWallTime(values[field], zone) : null,
    onChange: (value: string | null) => form.setFieldValue(field, value ? fromWallTime(value, zone) : null),
    error: form.errors[field],
  });

  return (
    <CatalogueModal
      title={t(discount ? "ticketing.catalogue.discounts.editTitle" : "ticketing.catalogue.discounts.create")}
      size="lg"
      form={form}
      save={save}
      variables={(body) => ({ id: discount?.id, body })}
      onClose={onClose}
    >
      <TextInput label={t("ticketing.catalogue.discounts.name")} withAsterisk {...form.getInputProps("name")} />
      <ReductionFields form={form} tickets={tickets} />
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
    </CatalogueModal>
  );
}

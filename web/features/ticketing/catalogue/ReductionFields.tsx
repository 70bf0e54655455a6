import { Input, MultiSelect, NumberInput, SegmentedControl, Stack } from "@mantine/core";
import type { FormErrors } from "@mantine/form";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { localizedText } from "../../../../contract/forms";
import type { DiscountType, Ticket } from "../../../../contract/ticketing-catalogue";
import { formatCents } from "../../../ui/money";
import { MoneyInput, useEventCurrency } from "./MoneyInput";

type Reduction = { discountType?: DiscountType; amountOffCents?: number | null; percentOff?: number | null };

/** "10 %" or "5,00 €", as the interface language writes them. */
export function reductionLabel(reduction: Reduction, language: string, currency: string): string {
  return reduction.discountType === "percent"
    ? new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(
        (reduction.percentOff ?? 0) / 100,
      )
    : formatCents(reduction.amountOffCents ?? 0, language, currency);
}

/** The captions of the tickets named by `ids`, in the list's order. */
export function ticketNames(tickets: Ticket[], ids: string[], language: string): string {
  return tickets
    .filter((ticket) => ids.includes(ticket.id))
    .map((ticket) => localizedText(ticket.caption, language))
    .join(", ");
}

type Fields = Reduction & { ticketIds?: string[] };
/** The part of a coupon's or discount's Mantine form these fields use. */
type ReductionForm = { getValues(): Fields; errors: FormErrors; setValues(patch: Fields): void };

/** What coupons and automatic discounts share: an amount or a percent off, and the tickets it applies on. */
export function ReductionFields({ form, tickets }: { form: ReductionForm; tickets: Ticket[] }) {
  const { t, i18n } = useTranslation();
  const values = form.getValues();
  const { errors } = form;
  const onChange = (patch: Fields) => form.setValues(patch);
  const currency = useEventCurrency();
  const typeLabel = useId();
  // Switching the kind empties the other amount: the contract takes one or the other, never both.
  const changeType = (discountType: DiscountType) =>
    onChange(
      discountType === "amount"
        ? { discountType, percentOff: null, amountOffCents: values.amountOffCents ?? null }
        : { discountType, amountOffCents: null, percentOff: values.percentOff ?? null },
    );

  return (
    <Stack gap="md">
      <Input.Wrapper label={t("ticketing.catalogue.reductions.type")} labelProps={{ id: typeLabel }}>
        <SegmentedControl
          display="flex"
          aria-labelledby={typeLabel}
          value={values.discountType ?? "percent"}
          onChange={(value) => changeType(value as DiscountType)}
          data={[
            { value: "percent", label: t("ticketing.catalogue.reductions.percent") },
            { value: "amount", label: t("ticketing.catalogue.reductions.amount") },
          ]}
        />
      </Input.Wrapper>
      {values.discountType === "amount" ? (
        <MoneyInput
          label={t("ticketing.catalogue.reductions.amountOff")}
          withAsterisk
          currency={currency}
          value={values.amountOffCents ?? null}
          onChange={(amountOffCents) => onChange({ amountOffCents })}
          error={errors.amountOffCents}
        />
      ) : (
        <NumberInput
          label={t("ticketing.catalogue.reductions.percentOff")}
          withAsterisk
          decimalScale={2}
          decimalSeparator={i18n.language.startsWith("en") ? "." : ","}
          allowNegative={false}
          max={100}
          rightSection={<span aria-hidden="true">%</span>}
          value={values.percentOff ?? ""}
          onChange={(value) => onChange({ percentOff: value === "" ? null : Number(value) })}
          error={errors.percentOff}
        />
      )}
      <MultiSelect
        label={t("ticketing.catalogue.reductions.tickets")}
        withAsterisk
        searchable
        data={tickets.map((ticket) => ({ value: ticket.id, label: localizedText(ticket.caption, i18n.language) }))}
        value={values.ticketIds ?? []}
        onChange={(ticketIds) => onChange({ ticketIds })}
        error={errors.ticketIds}
      />
    </Stack>
  );
}

import { NumberInput, type NumberInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { defaultTicketingParams } from "../../../../contract/ticketing-billing";
import { useTicketingParams } from "../billing/billing.queries";

/**
 * The currency the catalogue of the event in the address sells in: its ticketing params' (another page sets it). Until
 * they are read, the currency an event without params sells in, which is what most events keep.
 */
export function useEventCurrency(): string {
  const { eventId = "" } = useParams();
  return useTicketingParams(eventId).data?.currency ?? defaultTicketingParams.currency;
}

type Props = Omit<NumberInputProps, "value" | "onChange"> & {
  /** Integer cents, or null when empty. */
  value: number | null;
  onChange(cents: number | null): void;
  /** ISO 4217: its symbol is shown beside the amount. */
  currency: string;
};

/** An amount typed in currency units (12.50), kept in integer cents (1250): the money of the contract. */
export function MoneyInput({ value, onChange, currency, ...props }: Props) {
  const { i18n } = useTranslation();
  const comma = !i18n.language.startsWith("en");
  return (
    <NumberInput
      {...props}
      decimalScale={2}
      fixedDecimalScale
      decimalSeparator={comma ? "," : "."}
      allowNegative={false}
      rightSection={<span aria-hidden="true">{currencySymbol(i18n.language, currency)}</span>}
      rightSectionWidth="auto"
      rightSectionProps={{ style: { paddingInline: "var(--mantine-spacing-xs)" } }}
      value={value === null ? "" : value / 100}
      onChange={(next) => onChange(next === "" ? null : Math.round(Number(next) * 100))}
    />
  );
}

function currencySymbol(language: string, currency: string) {
  const parts = new Intl.NumberFormat(language, { style: "currency", currency }).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? currency;
}

import { NumberInput, type NumberInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * The currency prices are shown in. Ticketing params (another page) hold the event's currency; until the catalogue
 * reads them, amounts show in euros, the platform's default currency.
 */
export const catalogueCurrency = "EUR";

/** "12,50 €" in the interface language. */
export function formatCents(cents: number, language: string, currency = catalogueCurrency): string {
  return new Intl.NumberFormat(language, { style: "currency", currency }).format(cents / 100);
}

type Props = Omit<NumberInputProps, "value" | "onChange"> & {
  /** Integer cents, or null when empty. */
  value: number | null;
  onChange(cents: number | null): void;
};

/** An amount typed in currency units (12.50), kept in integer cents (1250): the money of the contract. */
export function MoneyInput({ value, onChange, ...props }: Props) {
  const { i18n } = useTranslation();
  const comma = !i18n.language.startsWith("en");
  return (
    <NumberInput
      {...props}
      decimalScale={2}
      fixedDecimalScale
      decimalSeparator={comma ? "," : "."}
      allowNegative={false}
      rightSection={<span aria-hidden="true">{currencySymbol(i18n.language)}</span>}
      value={value === null ? "" : value / 100}
      onChange={(next) => onChange(next === "" ? null : Math.round(Number(next) * 100))}
    />
  );
}

function currencySymbol(language: string) {
  const parts = new Intl.NumberFormat(language, { style: "currency", currency: catalogueCurrency }).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? catalogueCurrency;
}

import { useLanguageScope } from "../../../ui/language-scope";
import { formatCents } from "../../../ui/money";

/** Amounts of the event's currency in the page's language: "12,50 €" on a French page, "€12.50" on an English one. */
export function useMoney(currency: string) {
  const { language } = useLanguageScope();
  return (cents: number) => formatCents(cents, language, currency);
}

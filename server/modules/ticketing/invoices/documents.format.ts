import type { Language } from "../../../../contract/common.js";

/** Amounts and dates as the documents and mails of an order print them, in the buyer's language. */

const locales: Record<Language, string> = { en: "en-GB", fr: "fr-FR", es: "es-ES" };
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * "1 234,50 €". French grouping uses a narrow no-break space that the PDF standard fonts (WinAnsi) cannot draw: it
 * becomes a no-break space, which they can.
 */
export function money(cents: number, currency: string, language: Language): string {
  const key = `${language} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locales[language], { style: "currency", currency });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100).replaceAll("\u202f", "\u00a0");
}

/** The day of an ISO instant in the event's timezone: "22 novembre 2026". */
export function dayText(iso: string, language: Language, timezone = "Europe/Paris"): string {
  return new Intl.DateTimeFormat(locales[language], { dateStyle: "long", timeZone: timezone }).format(new Date(iso));
}

/** A tax rate as printed: "20 %", "5,5 %". */
export function percentText(percent: number, language: Language): string {
  return `${new Intl.NumberFormat(locales[language], { maximumFractionDigits: 2 }).format(percent)}\u00a0%`;
}

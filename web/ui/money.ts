/** "12,50 €" in the interface language. */
export function formatCents(cents: number, language: string, currency: string): string {
  return new Intl.NumberFormat(language, { style: "currency", currency }).format(cents / 100);
}

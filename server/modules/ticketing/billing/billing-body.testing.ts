/**
 * A seller's billing information, for the API tests and the e2e journeys: this file imports nothing, so Playwright
 * loads it without the server's modules.
 */

/** A real Siret (14 digits, Luhn checksum holds). */
export const validSiret = "73282932000074";
/** A VAT number whose key matches its SIREN (303 265 045). */
export const validVatNumber = "FR40303265045";

/** Complete billing information of a company subject to VAT. */
export function billingBody(overrides: Record<string, unknown> = {}) {
  return {
    siret: validSiret,
    corporateName: "Acme Events SAS",
    legalStructure: "SAS",
    shareCapitalCents: 1_000_000,
    rcsNumber: "RCS Paris 732 829 320",
    street: "12 rue de la Paix",
    zipCode: "75002",
    city: "Paris",
    vatStatus: "subject",
    vatNumber: validVatNumber,
    legalMentions: "",
    ...overrides,
  };
}

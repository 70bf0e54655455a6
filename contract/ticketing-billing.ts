import { z } from "zod";
import type { MessageCode } from "./error-messages.js";
import { type RuleViolation, termsFileSchema } from "./forms.js";
import { passesLuhn } from "./payments.js";

/*
 * SPEC §3 Organizer (billing), §4 Ticket office and Payment mode, §5 "Ticket sales need billing information, at least
 * one ticket and an online form. Siret needed before billing info.", §7 organizers and ticketingparams.
 * Money is integer cents (DESIGN §4).
 */

// ---------------------------------------------------------------------------------------------------------------
// Organizer billing information

/** La Poste's establishments share one SIREN, too many for Luhn: INSEE checks that their digits sum to a multiple of 5. */
const laPosteSiren = "356000000";
const digitSum = (digits: string) => [...digits].reduce((sum, digit) => sum + Number(digit), 0);

/** A Siret: 14 digits (the 9 of the SIREN, then 5 for the establishment) whose Luhn checksum holds. */
export function isSiret(digits: string): boolean {
  if (!/^\d{14}$/.test(digits)) return false;
  return passesLuhn(digits) || (digits.startsWith(laPosteSiren) && digitSum(digits) % 5 === 0);
}

/** As typed ("123 456 789 00012"): spaces are only for reading and are stripped before the check. */
export const siretSchema = z
  .string({ error: "SIRET_REQUIRED" })
  .overwrite((value) => value.replace(/\s+/g, ""))
  .min(1, "SIRET_REQUIRED")
  .refine(isSiret, "SIRET_INVALID");

/** French VAT number: FR, a 2-character key, then the 9-digit SIREN. A numeric key is checked against the SIREN. */
export function isFrenchVatNumber(value: string): boolean {
  const match = /^FR([0-9A-Z]{2})(\d{9})$/.exec(value);
  if (!match) return false;
  const [, key = "", siren = ""] = match;
  if (!/^\d{2}$/.test(key)) return true;
  return Number(key) === (12 + 3 * (Number(siren) % 97)) % 97;
}

export const vatStatuses = ["subject", "margin", "not_subject"] as const;
export const vatStatusSchema = z.enum(vatStatuses);
export type VatStatus = z.infer<typeof vatStatusSchema>;
/** The mention a French invoice carries when the seller is not subject to VAT (franchise en base). */
export const notSubjectToVatMention = "TVA non applicable, art. 293 B du CGI";

const requiredText = (max: number) => z.string().trim().min(1, "FIELD_REQUIRED").max(max);
const optionalText = (max: number) => z.string().trim().max(max).default("");
/** Share capital up to a thousand billion in the currency: beyond is a typing mistake. */
const maxShareCapitalCents = 100_000_000_000_000;

const billingFields = z
  .object({
    siret: siretSchema,
    corporateName: requiredText(200),
    legalStructure: optionalText(100),
    shareCapitalCents: z
      .number()
      .int("NUMBER_INVALID")
      .min(0, "NUMBER_TOO_SMALL")
      .max(maxShareCapitalCents, "NUMBER_TOO_BIG")
      .nullable()
      .default(null),
    rcsNumber: optionalText(100),
    street: requiredText(300),
    zipCode: requiredText(20),
    city: requiredText(100),
    vatStatus: z.enum(vatStatuses, {
      error: (issue) => (issue.input == null ? "FIELD_REQUIRED" : "FIELD_INVALID"),
    }),
    vatNumber: z
      .string()
      .overwrite((value) => value.replace(/\s+/g, "").toUpperCase())
      .max(20)
      .nullable()
      .default(null),
    legalMentions: optionalText(2000),
  })
  .superRefine((body, context) => {
    if (body.vatStatus === "not_subject") return;
    if (!body.vatNumber) {
      if (body.vatStatus === "subject") {
        context.addIssue({ code: "custom", path: ["vatNumber"], message: "BILLING_VAT_NUMBER_REQUIRED" });
      }
    } else if (!isFrenchVatNumber(body.vatNumber)) {
      context.addIssue({ code: "custom", path: ["vatNumber"], message: "BILLING_VAT_NUMBER_INVALID" });
    }
  })
  // Not subject to VAT: whatever number was left in the form has no meaning on an invoice.
  .transform((body) => ({ ...body, vatNumber: body.vatStatus === "not_subject" ? null : body.vatNumber || null }));

/**
 * POST organizers. SPEC §5 "Siret needed before billing info": the Siret is checked alone first, so a body without a
 * valid one is refused on that field only; the rest of the billing information is checked once it holds.
 */
export const billingOrganizerBody = z.object({ siret: siretSchema }).loose().pipe(billingFields);
export type BillingOrganizerBody = z.infer<typeof billingOrganizerBody>;
export type BillingOrganizerInput = z.input<typeof billingFields>;

/** GET organizers: the saved billing information; empty texts and `updatedAt: null` until it is first saved. */
export const billingOrganizerSchema = z.object({
  siret: z.string(),
  corporateName: z.string(),
  legalStructure: z.string(),
  shareCapitalCents: z.number().int().nullable(),
  rcsNumber: z.string(),
  street: z.string(),
  zipCode: z.string(),
  city: z.string(),
  vatStatus: vatStatusSchema.nullable(),
  vatNumber: z.string().nullable(),
  legalMentions: z.string(),
  updatedAt: z.string().nullable(),
});
export type BillingOrganizer = z.infer<typeof billingOrganizerSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Ticketing params

/**
 * ISO 4217 currencies a ticket office may sell in. Only currencies whose minor unit is the hundredth: every amount is
 * an integer of cents (DESIGN §4), which would be wrong for the yen (no minor unit) or the dinar (thousandths).
 */
export const currencies = [
  "EUR",
  "USD",
  "GBP",
  "CHF",
  "CAD",
  "AUD",
  "NZD",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "RON",
  "MAD",
  "SGD",
  "HKD",
  "MXN",
  "BRL",
  "ZAR",
] as const;
export const currencySchema = z.enum(currencies);
export type Currency = z.infer<typeof currencySchema>;

/** SPEC §4 Payment mode: test (test cards, orders marked and left out of revenue) or live, switchable. */
export const paymentModes = ["test", "live"] as const;
export const paymentModeSchema = z.enum(paymentModes);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

/** How long a cart holds its tickets (issue 5: default 15 minutes). */
export const reservationMinutesRange = { min: 1, max: 120, default: 15 } as const;

const localizedInstructions = z.object({
  fr: z.string().trim().max(2000).optional(),
  en: z.string().trim().max(2000).optional(),
  es: z.string().trim().max(2000).optional(),
});

/** A payment method the organizer confirms by hand (SPEC §4 Order "confirm"), with what the buyer must do. */
export const otherPaymentMethodSchema = z.object({ enabled: z.boolean(), instructions: localizedInstructions });
export type OtherPaymentMethod = z.infer<typeof otherPaymentMethodSchema>;
export const otherPaymentMethodKinds = ["bankTransfer", "cheque"] as const;
export type OtherPaymentMethodKind = (typeof otherPaymentMethodKinds)[number];
export const otherPaymentMethodsSchema = z.object({
  bankTransfer: otherPaymentMethodSchema,
  cheque: otherPaymentMethodSchema,
});
export type OtherPaymentMethods = z.infer<typeof otherPaymentMethodsSchema>;

const isoInstant = z.iso.datetime({
  offset: true,
  error: (issue) => (issue.input === undefined ? "FIELD_REQUIRED" : "DATE_INVALID"),
});

/** What the organizer sets; the ticket office is opened by hand and, optionally, only between two dates. */
export const ticketingParamsValues = z.object({
  currency: currencySchema,
  reservationMinutes: z
    .number()
    .int("NUMBER_INVALID")
    .min(reservationMinutesRange.min, "NUMBER_TOO_SMALL")
    .max(reservationMinutesRange.max, "NUMBER_TOO_BIG"),
  paymentMode: paymentModeSchema,
  otherPaymentMethods: otherPaymentMethodsSchema,
  officeOpen: z.boolean(),
  salesStartAt: isoInstant.nullable(),
  salesEndAt: isoInstant.nullable(),
});
export type TicketingParamsValues = z.infer<typeof ticketingParamsValues>;

/** An event's params before the organizer saves any: euros, 15 minutes, test mode, office closed. */
export const defaultTicketingParams: TicketingParamsValues = {
  currency: "EUR",
  reservationMinutes: reservationMinutesRange.default,
  paymentMode: "test",
  otherPaymentMethods: {
    bankTransfer: { enabled: false, instructions: {} },
    cheque: { enabled: false, instructions: {} },
  },
  officeOpen: false,
  salesStartAt: null,
  salesEndAt: null,
};

/** The rules between params, once a change is merged with what is saved. */
export function ticketingParamsViolations(params: TicketingParamsValues, eventLanguage: string): RuleViolation[] {
  const violations: RuleViolation[] = [];
  if (params.salesStartAt && params.salesEndAt && Date.parse(params.salesEndAt) <= Date.parse(params.salesStartAt)) {
    violations.push({ path: "salesEndAt", message: { code: "TICKETING_SALES_END_BEFORE_START" } });
  }
  for (const kind of otherPaymentMethodKinds) {
    const method = params.otherPaymentMethods[kind];
    const language = eventLanguage as keyof OtherPaymentMethod["instructions"];
    if (method.enabled && !method.instructions[language]?.trim()) {
      violations.push({
        path: `otherPaymentMethods.${kind}.instructions.${language}`,
        message: { code: "TICKETING_INSTRUCTIONS_REQUIRED" },
      });
    }
  }
  return violations;
}

/** POST ticketingparams: only the params sent change. */
export const ticketingParamsBody = ticketingParamsValues.partial();
export type TicketingParamsBody = z.infer<typeof ticketingParamsBody>;

// ---------------------------------------------------------------------------------------------------------------
// Ticket office

export const ticketOfficeStates = ["open", "closed", "not_yet_open", "ended"] as const;
export type TicketOfficeState = (typeof ticketOfficeStates)[number];

/** What SPEC §5 asks before ticket sales open. */
export const salesBlockerKinds = ["billingInfo", "activeTicket", "registrationForm"] as const;
export type SalesBlocker = (typeof salesBlockerKinds)[number];
export const salesBlockerMessages = {
  billingInfo: "TICKETING_NEEDS_BILLING",
  activeTicket: "TICKETING_NEEDS_TICKET",
  registrationForm: "TICKETING_NEEDS_FORM",
} as const satisfies Record<SalesBlocker, MessageCode>;

/** What the event has of what sales need; the server counts it, both sides read it through `salesBlockers`. */
export const salesReadinessSchema = z.object({
  billingInfo: z.boolean(),
  /** Active tickets that can be bought alone (an option cannot). */
  activeTickets: z.number().int(),
  onlineRegistrationForm: z.boolean(),
});
export type SalesReadiness = z.infer<typeof salesReadinessSchema>;

/** What is missing before the ticket office may open, in the order the organizer fixes them. */
export function salesBlockers(readiness: SalesReadiness): SalesBlocker[] {
  const blockers: SalesBlocker[] = [];
  if (!readiness.billingInfo) blockers.push("billingInfo");
  if (readiness.activeTickets < 1) blockers.push("activeTicket");
  if (!readiness.onlineRegistrationForm) blockers.push("registrationForm");
  return blockers;
}

/**
 * Where the ticket office stands at `now`: closed by the organizer (or while something sales need is missing), open,
 * or open by hand but outside its sales dates (before the start, from the end on).
 */
export function ticketOfficeState(
  params: Pick<TicketingParamsValues, "officeOpen" | "salesStartAt" | "salesEndAt">,
  now: Date,
  blockers: readonly SalesBlocker[] = [],
): TicketOfficeState {
  if (!params.officeOpen || blockers.length > 0) return "closed";
  if (params.salesStartAt && now.getTime() < Date.parse(params.salesStartAt)) return "not_yet_open";
  if (params.salesEndAt && now.getTime() >= Date.parse(params.salesEndAt)) return "ended";
  return "open";
}

/** GET and POST ticketingparams answer the params with the terms file and what sales still need. */
export const ticketingParamsSchema = ticketingParamsValues.extend({
  /** The terms of sale buyers accept before paying (SPEC §5), a PDF. */
  terms: termsFileSchema.nullable(),
  readiness: salesReadinessSchema,
  /** The office's state when the params were read (see `ticketOfficeState`). */
  state: z.enum(ticketOfficeStates),
  /** Live mode needs the platform's card payment provider (Stripe keys): without it only test mode exists. */
  liveModeAvailable: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TicketingParams = z.infer<typeof ticketingParamsSchema>;

/** SPEC §9: "other uploads 15 MB". */
export const salesTermsMaxBytes = 15 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// Public side

export const publicTicketingQuery = z.object({ lang: z.string().max(20).optional() });

/** GET /public/events/{slug}/ticketing: what a buyer needs before the shop, and nothing private. */
export const publicTicketingSchema = z.object({
  state: z.enum(ticketOfficeStates),
  currency: currencySchema,
  paymentMode: paymentModeSchema,
  reservationMinutes: z.number().int(),
  salesStartAt: z.string().nullable(),
  salesEndAt: z.string().nullable(),
  /** The enabled methods other than the card, with their instructions in the asked language. */
  otherPaymentMethods: z.array(z.object({ kind: z.enum(otherPaymentMethodKinds), instructions: z.string() })),
  /** Where the terms of sale PDF is; when set, buyers accept it before paying. */
  termsUrl: z.string().nullable(),
});
export type PublicTicketing = z.infer<typeof publicTicketingSchema>;

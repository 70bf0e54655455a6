import { describe, expect, it } from "vitest";
import {
  billingOrganizerBody,
  defaultTicketingParams,
  isFrenchVatNumber,
  isSiret,
  salesBlockers,
  siretSchema,
  ticketingParamsViolations,
  ticketOfficeState,
} from "./ticketing-billing.js";

describe("Siret", () => {
  it("is 14 digits whose Luhn checksum holds, spaces stripped", () => {
    expect(isSiret("73282932000074")).toBe(true);
    expect(isSiret("73282932000075")).toBe(false);
    expect(isSiret("7328293200007")).toBe(false);
    expect(siretSchema.parse(" 732 829 320 00074 ")).toBe("73282932000074");
  });

  it("follows La Poste's own rule for its establishments: the sum of the digits is a multiple of 5", () => {
    expect(isSiret("35600000000048")).toBe(true);
    expect(isSiret("35600000049837")).toBe(true);
    expect(isSiret("35600000049838")).toBe(false);
  });
});

describe("VAT number", () => {
  it("is FR, a key matching the SIREN, and the 9-digit SIREN", () => {
    expect(isFrenchVatNumber("FR40303265045")).toBe(true);
    expect(isFrenchVatNumber("FR41303265045")).toBe(false);
    expect(isFrenchVatNumber("FR4030326504")).toBe(false);
    expect(isFrenchVatNumber("DE40303265045")).toBe(false);
    // Keys with letters are given to new companies; they carry no checksum to verify.
    expect(isFrenchVatNumber("FRA0303265045")).toBe(true);
  });
});

describe("billing organizer body", () => {
  const body = {
    siret: "73282932000074",
    corporateName: "Acme",
    street: "1 rue",
    zipCode: "75001",
    city: "Paris",
    vatStatus: "subject",
    vatNumber: "fr40 303 265 045",
  };

  it("reports only the Siret while it is missing or invalid", () => {
    const result = billingOrganizerBody.safeParse({ siret: "123" });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["siret", "SIRET_INVALID"],
    ]);
  });

  it("normalizes the VAT number, and drops it when not subject to VAT", () => {
    expect(billingOrganizerBody.parse(body).vatNumber).toBe("FR40303265045");
    expect(billingOrganizerBody.parse({ ...body, vatStatus: "not_subject" }).vatNumber).toBeNull();
    expect(billingOrganizerBody.parse({ ...body, vatStatus: "margin", vatNumber: "" }).vatNumber).toBeNull();
  });
});

describe("ticket office state", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  const open = { officeOpen: true, salesStartAt: null, salesEndAt: null };

  it("is closed by the organizer, or while sales miss something", () => {
    expect(ticketOfficeState({ ...open, officeOpen: false }, now)).toBe("closed");
    expect(ticketOfficeState(open, now)).toBe("open");
    expect(ticketOfficeState(open, now, ["activeTicket"])).toBe("closed");
  });

  it("waits for the start of sales and stops at their end", () => {
    expect(ticketOfficeState({ ...open, salesStartAt: "2026-05-01T12:00:01Z" }, now)).toBe("not_yet_open");
    expect(ticketOfficeState({ ...open, salesStartAt: "2026-05-01T12:00:00Z" }, now)).toBe("open");
    expect(ticketOfficeState({ ...open, salesEndAt: "2026-05-01T12:00:00Z" }, now)).toBe("ended");
    expect(ticketOfficeState({ ...open, salesEndAt: "2026-05-01T12:00:01Z" }, now)).toBe("open");
  });
});

describe("sales blockers", () => {
  it("lists what SPEC §5 asks and is missing, in order", () => {
    expect(salesBlockers({ billingInfo: false, activeTickets: 0, onlineRegistrationForm: false })).toEqual([
      "billingInfo",
      "activeTicket",
      "registrationForm",
    ]);
    expect(salesBlockers({ billingInfo: true, activeTickets: 2, onlineRegistrationForm: false })).toEqual([
      "registrationForm",
    ]);
    expect(salesBlockers({ billingInfo: true, activeTickets: 1, onlineRegistrationForm: true })).toEqual([]);
  });
});

describe("params rules", () => {
  it("needs the default language's instructions for an enabled method, and ordered sales dates", () => {
    const params = {
      ...defaultTicketingParams,
      otherPaymentMethods: {
        ...defaultTicketingParams.otherPaymentMethods,
        cheque: { enabled: true, instructions: { en: "Pay to Acme" } },
      },
      salesStartAt: "2026-05-02T00:00:00Z",
      salesEndAt: "2026-05-01T00:00:00Z",
    };
    expect(ticketingParamsViolations(params, "en")).toEqual([
      { path: "salesEndAt", message: { code: "TICKETING_SALES_END_BEFORE_START" } },
    ]);
    expect(ticketingParamsViolations(params, "fr").map((violation) => violation.path)).toEqual([
      "salesEndAt",
      "otherPaymentMethods.cheque.instructions.fr",
    ]);
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, registerTenants } from "../../../testing/fixtures.js";
import { callsAs, madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { hoursFromNow } from "../../events/events.testing.js";
import { formBody } from "../../forms/forms.testing.js";
import { tickets } from "../ticketing.tables.js";
import { insertOrder, insertTicket } from "../ticketing.testing.js";
import { billingEvent, posted, publishRegistrationForm } from "./billing.testing.js";
import { billingBody } from "./billing-body.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const editor = madeBeforeAll(() => addMember(t, tenants.owner.accountId, "editor"));

const newEvent = () =>
  billingEvent(t, tenants.owner, { languages: ["fr", "en"], preferredLanguage: "fr" }, [
    tenants.reader.userId,
    editor.userId,
  ]);
type BillingEvent = Awaited<ReturnType<typeof newEvent>>;
const { get, post } = callsAs(t, () => tenants.owner);
const auditsOf = async (eventId: string, prefix: string) =>
  (await t.context.db.select().from(auditLogs).where(eq(auditLogs.targetId, eventId)))
    .filter((row) => row.action.startsWith(prefix))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

/** Billing info, an active ticket and an online registration form: all SPEC §5 asks before sales. */
async function makeReady(event: BillingEvent) {
  await posted(t, tenants.owner.token, event.organizers, billingBody());
  const ticket = await insertTicket(t, event.id);
  await publishRegistrationForm(t, tenants.owner.token, event.forms);
  return ticket;
}

describe("ticketingparams: defaults and changes", () => {
  it("answers the defaults before any save: euros, 15 minutes, test mode, office closed", async () => {
    const event = await newEvent();
    const response = await get(event.params);
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toEqual({
      currency: "EUR",
      reservationMinutes: 15,
      paymentMode: "test",
      otherPaymentMethods: {
        bankTransfer: { enabled: false, instructions: {} },
        cheque: { enabled: false, instructions: {} },
      },
      officeOpen: false,
      salesStartAt: null,
      salesEndAt: null,
      terms: null,
      readiness: { billingInfo: false, activeTickets: 0, onlineRegistrationForm: false },
      state: "closed",
      liveModeAvailable: false,
      updatedAt: null,
    });
  });

  it("changes only the params sent, and audits what changed", async () => {
    const event = await newEvent();
    const saved = await post(event.params, { currency: "USD", reservationMinutes: 30 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ currency: "USD", reservationMinutes: 30, paymentMode: "test" });
    const again = await post(event.params, { reservationMinutes: 45 });
    expect(again.body).toMatchObject({ currency: "USD", reservationMinutes: 45 });
    expect((await get(event.params)).body).toEqual(again.body);
    const audits = await auditsOf(event.id, "ticketing.params");
    expect(audits.map((row) => [row.action, row.before, row.after])).toEqual([
      [
        "ticketing.params.updated",
        { currency: "EUR", reservationMinutes: 15 },
        { currency: "USD", reservationMinutes: 30 },
      ],
      ["ticketing.params.updated", { reservationMinutes: 30 }, { reservationMinutes: 45 }],
    ]);
  });

  it("keeps the reservation time within 1 to 120 minutes and the currency in its list", async () => {
    const event = await newEvent();
    expect((await post(event.params, { reservationMinutes: 0 })).body.error.fields).toEqual({
      reservationMinutes: "This number is too small.",
    });
    expect((await post(event.params, { reservationMinutes: 121 })).body.error.fields).toEqual({
      reservationMinutes: "This number is too big.",
    });
    // The yen has no cents: every amount here is in cents, so it is not offered.
    const yen = await post(event.params, { currency: "JPY" });
    expect(yen.status).toBe(400);
    expect(yen.body.error.fields).toEqual({ currency: "This value is not valid." });
  });

  it("refuses a sales end before the start, and a malformed date", async () => {
    const event = await newEvent();
    const reversed = await post(event.params, { salesStartAt: hoursFromNow(48), salesEndAt: hoursFromNow(24) });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toMatchObject({
      code: "TICKETING_SALES_END_BEFORE_START",
      fields: { salesEndAt: "The end of sales must be after their start." },
    });
    // Checked against the saved dates too.
    await posted(t, tenants.owner.token, event.params, { salesStartAt: hoursFromNow(48) });
    expect((await post(event.params, { salesEndAt: hoursFromNow(1) })).status).toBe(400);
    const malformed = await post(event.params, { salesEndAt: "next week" });
    expect(malformed.body.error.fields).toEqual({ salesEndAt: "Date format is incorrect." });
  });

  it("needs instructions in the event's default language to offer bank transfer or cheque", async () => {
    const event = await newEvent();
    const methods = (bankTransfer: Record<string, unknown>) => ({
      otherPaymentMethods: { bankTransfer, cheque: { enabled: false, instructions: {} } },
    });
    const english = await post(event.params, methods({ enabled: true, instructions: { en: "IBAN FR76…" } }));
    expect(english.status).toBe(400);
    expect(english.body.error.fields).toEqual({
      "otherPaymentMethods.bankTransfer.instructions.fr":
        "Write the instructions for buyers in the event's default language.",
    });
    const saved = await post(
      event.params,
      methods({ enabled: true, instructions: { fr: "Virement sur FR76…", en: "Transfer to FR76…" } }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.otherPaymentMethods.bankTransfer).toEqual({
      enabled: true,
      instructions: { fr: "Virement sur FR76…", en: "Transfer to FR76…" },
    });
  });

  it("keeps live mode for a platform with a card payment provider", async () => {
    const event = await newEvent();
    const live = await post(event.params, { paymentMode: "live" });
    expect(live.status).toBe(409);
    expect(live.body.error).toMatchObject({
      code: "TICKETING_LIVE_UNAVAILABLE",
      fields: { paymentMode: expect.any(String) },
    });
    const config = t.context.config as { stripeSecretKey: string | undefined };
    config.stripeSecretKey = "sk_test_configured";
    try {
      const switched = await post(event.params, { paymentMode: "live" });
      expect(switched.body).toMatchObject({ paymentMode: "live", liveModeAvailable: true });
    } finally {
      config.stripeSecretKey = undefined;
    }
  });

  it("locks the currency once orders have been placed", async () => {
    const event = await newEvent();
    const ticket = await insertTicket(t, event.id);
    await insertOrder(t, event.id, { status: "cancelled" }, [{ ticketId: ticket.id }]);
    expect((await post(event.params, { currency: "GBP" })).status).toBe(200);
    await insertOrder(t, event.id, { status: "completed" }, [{ ticketId: ticket.id }]);
    const locked = await post(event.params, { currency: "EUR" });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toMatchObject({
      code: "TICKETING_CURRENCY_LOCKED",
      fields: { currency: "The currency cannot change once orders have been placed." },
    });
    expect((await post(event.params, { currency: "GBP", reservationMinutes: 20 })).status).toBe(200);
  });
});

describe("ticket office: opened by the organizer once sales have what they need (SPEC §5)", () => {
  it("refuses to open with the list of what is missing, until nothing is", async () => {
    const event = await newEvent();
    const refused = await post(event.params, { officeOpen: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "TICKETING_OFFICE_BLOCKED",
      message: "Ticket sales need billing information, at least one ticket and an online form.",
      fields: {
        billingInfo: "Fill in the billing information.",
        activeTicket: "Create at least one active ticket.",
        registrationForm: "Put a registration form online.",
      },
    });
    await posted(t, tenants.owner.token, event.organizers, billingBody());
    // An option cannot be bought alone, and an inactive ticket is not sold: neither makes a ticket office.
    await insertTicket(t, event.id, { isOption: true });
    const inactive = await insertTicket(t, event.id);
    await t.context.db.update(tickets).set({ active: false }).where(eq(tickets.id, inactive.id));
    const form = await posted(t, tenants.owner.token, event.forms, formBody(), 201);
    const stillBlocked = await post(event.params, { officeOpen: true });
    expect(Object.keys(stillBlocked.body.error.fields)).toEqual(["activeTicket", "registrationForm"]);
    await t.context.db.update(tickets).set({ active: true }).where(eq(tickets.id, inactive.id));
    await posted(t, tenants.owner.token, `${event.forms}/${form.id}/options`, { online: true });
    const opened = await post(event.params, { officeOpen: true });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({
      officeOpen: true,
      state: "open",
      readiness: { billingInfo: true, activeTickets: 1, onlineRegistrationForm: true },
    });
    const closed = await post(event.params, { officeOpen: false });
    expect(closed.body).toMatchObject({ officeOpen: false, state: "closed" });
    const office = await auditsOf(event.id, "ticketing.office");
    expect(office.map((row) => row.action)).toEqual(["ticketing.office.opened", "ticketing.office.closed"]);
    expect(await auditsOf(event.id, "ticketing.params")).toHaveLength(0);
  });

  it("follows the sales dates, and closes while something sales need has gone", async () => {
    const event = await newEvent();
    const ticket = await makeReady(event);
    const later = await post(event.params, { officeOpen: true, salesStartAt: hoursFromNow(2) });
    expect(later.body.state).toBe("not_yet_open");
    expect((await get(event.public)).body.state).toBe("not_yet_open");
    const ended = await post(event.params, { salesStartAt: hoursFromNow(-48), salesEndAt: hoursFromNow(-1) });
    expect(ended.body.state).toBe("ended");
    const open = await post(event.params, { salesEndAt: null });
    expect(open.body.state).toBe("open");
    await t.context.db.update(tickets).set({ active: false }).where(eq(tickets.id, ticket.id));
    const params = await get(event.params);
    expect(params.body).toMatchObject({ officeOpen: true, state: "closed", readiness: { activeTickets: 0 } });
    expect((await get(event.public)).body.state).toBe("closed");
    // Saving other params of an office already open does not re-check what opening needs.
    expect((await post(event.params, { reservationMinutes: 10 })).status).toBe(200);
  });
});

describe("ticketingparams: who may read and write", () => {
  it("lets an editor write, a reader only read, and hides the event from another account", async () => {
    const event = await newEvent();
    expect((await post(event.params, { reservationMinutes: 20 }, editor.token)).status).toBe(200);
    expect((await get(event.params, tenants.reader.token)).body.reservationMinutes).toBe(20);
    expect((await post(event.params, { reservationMinutes: 25 }, tenants.reader.token)).status).toBe(403);
    expect((await get(event.params, tenants.other.token)).status).toBe(404);
    expect((await post(event.params, { reservationMinutes: 25 }, tenants.other.token)).status).toBe(404);
    expect((await get(event.params)).body.reservationMinutes).toBe(20);
  });
});

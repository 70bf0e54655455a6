import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { registerTenants } from "../../../testing/fixtures.js";
import { client, madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { ticketPricePeriods, tickets } from "../ticketing.tables.js";
import { insertOrder } from "../ticketing.testing.js";
import { auditActions, catalogueEvent, created, ticketBody } from "./catalogue.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
let event: Awaited<ReturnType<typeof catalogueEvent>>;

beforeAll(async () => {
  event = await catalogueEvent(t, tenants.owner, { languages: ["fr", "en"], preferredLanguage: "fr" }, [
    tenants.reader.userId,
  ]);
});

const owner = () => client(t, tenants.owner);
const period = (overrides: Record<string, unknown> = {}) => ({
  startsAt: null,
  endsAt: null,
  priceCents: 1200,
  priceBasis: "incl",
  ...overrides,
});
const newTicket = (overrides: Record<string, unknown> = {}) =>
  created(t, tenants.owner.token, event.tickets, ticketBody(overrides));

describe("tickets: create, read, edit", () => {
  it("computes the price that was not typed, exactly, and writes an audit row", async () => {
    const response = await owner().post(
      event.tickets,
      ticketBody({
        taxPercent: 5.5,
        maxQuantity: null,
        pricePeriods: [
          period({ endsAt: "2026-03-01T00:00:00.000Z", priceCents: 1000, priceBasis: "incl" }),
          period({ startsAt: "2026-03-01T00:00:00.000Z", priceCents: 1000, priceBasis: "excl" }),
        ],
      }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      caption: { en: "Entry", fr: "Entrée" },
      taxPercent: 5.5,
      maxQuantity: null,
      quantityTaken: 0,
      sold: false,
      isOption: false,
      onSale: false,
      active: true,
      pricePeriods: [
        { startsAt: null, endsAt: "2026-03-01T00:00:00.000Z", priceInclTaxCents: 1000, priceExclTaxCents: 948 },
        { startsAt: "2026-03-01T00:00:00.000Z", endsAt: null, priceInclTaxCents: 1055, priceExclTaxCents: 1000 },
      ],
    });
    const id = response.body.id;
    expect((await owner().get(`${event.tickets}/${id}`)).body).toEqual(response.body);
    const list = await owner().get(event.tickets);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.body.items.map((ticket: { id: string }) => ticket.id)).toContain(id);
    expect(await auditActions(t, id)).toEqual(["ticketing.ticket.created"]);
  });

  it("needs the caption in the event's default language", async () => {
    const response = await owner().post(event.tickets, ticketBody({ caption: { en: "Entry", fr: " " } }));
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: "TICKET_CAPTION_REQUIRED",
      message: "The caption is required in the event's default language.",
      fields: { "caption.fr": "The caption is required in the event's default language." },
    });
  });

  it("refuses price periods that end before they start, overlap, are missing or negative", async () => {
    const reversed = await owner().post(
      event.tickets,
      ticketBody({ pricePeriods: [period({ startsAt: "2026-05-01T00:00:00Z", endsAt: "2026-04-01T00:00:00Z" })] }),
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.fields).toEqual({
      "pricePeriods.0.endsAt": "The end date must be after the start date.",
    });
    const overlapping = await owner().post(
      event.tickets,
      ticketBody({
        pricePeriods: [period({ endsAt: "2026-05-01T00:00:00Z" }), period({ startsAt: "2026-04-30T00:00:00Z" })],
      }),
    );
    expect(overlapping.body.error).toMatchObject({
      code: "TICKET_PERIODS_OVERLAP",
      fields: { "pricePeriods.1.startsAt": "This price period overlaps another period of the ticket." },
    });
    const none = await owner().post(event.tickets, ticketBody({ pricePeriods: [] }));
    expect(none.body.error.code).toBe("TICKET_PRICE_REQUIRED");
    const negative = await owner().post(event.tickets, ticketBody({ pricePeriods: [period({ priceCents: -1 })] }));
    expect(negative.status).toBe(400);
    expect(negative.body.error.fields).toEqual({ "pricePeriods.0.priceCents": "This number is too small." });
    const badDate = await owner().post(event.tickets, ticketBody({ pricePeriods: [period({ startsAt: "tomorrow" })] }));
    expect(badDate.body.error.fields).toEqual({ "pricePeriods.0.startsAt": "Date format is incorrect." });
  });

  it("takes an empty quota as unlimited and refuses 0 (SPEC: Quota: number greater than 0)", async () => {
    expect((await newTicket({ maxQuantity: null })).maxQuantity).toBeNull();
    const zero = await owner().post(event.tickets, ticketBody({ maxQuantity: 0 }));
    expect(zero.status).toBe(400);
    expect(zero.body.error.fields).toEqual({ maxQuantity: "The quota must be a number greater than 0." });
  });

  it("never lowers the quota below the units taken: a clear 409, not the database's check", async () => {
    const ticket = await newTicket({ maxQuantity: 10 });
    await t.context.db.update(tickets).set({ quantityTaken: 5 }).where(eq(tickets.id, ticket.id));
    const below = await owner().post(`${event.tickets}/${ticket.id}`, { maxQuantity: 3 });
    expect(below.status).toBe(409);
    expect(below.body.error).toMatchObject({
      code: "TICKET_QUOTA_BELOW_TAKEN",
      message: "The quota cannot be lower than the 5 units already sold or reserved.",
    });
    const french = await owner().post(`${event.tickets}/${ticket.id}`, { maxQuantity: 4 }, "fr");
    expect(french.body.error.message).toBe(
      "Le quota ne peut pas être inférieur aux 5 unités déjà vendues ou réservées.",
    );
    expect((await owner().post(`${event.tickets}/${ticket.id}`, { maxQuantity: 5 })).body.maxQuantity).toBe(5);
  });

  it("changes only the fields sent; a new tax recomputes each period from the price typed", async () => {
    const ticket = await newTicket({
      pricePeriods: [
        period({ endsAt: "2026-03-01T00:00:00Z", priceCents: 1200, priceBasis: "incl" }),
        period({ startsAt: "2026-03-01T00:00:00Z", priceCents: 1000, priceBasis: "excl" }),
      ],
    });
    const toggled = await owner().post(`${event.tickets}/${ticket.id}`, { active: false, onSale: true });
    expect(toggled.body).toMatchObject({ active: false, onSale: true, caption: ticket.caption, taxPercent: 20 });
    const retaxed = await owner().post(`${event.tickets}/${ticket.id}`, { taxPercent: 10 });
    expect(retaxed.body.pricePeriods).toMatchObject([
      { priceBasis: "incl", priceInclTaxCents: 1200, priceExclTaxCents: 1091 },
      { priceBasis: "excl", priceInclTaxCents: 1100, priceExclTaxCents: 1000 },
    ]);
    const untaxed = await owner().post(`${event.tickets}/${ticket.id}`, { taxPercent: null });
    expect(untaxed.body.pricePeriods).toMatchObject([
      { priceInclTaxCents: 1200, priceExclTaxCents: 1200 },
      { priceInclTaxCents: 1000, priceExclTaxCents: 1000 },
    ]);
    const repriced = await owner().post(`${event.tickets}/${ticket.id}`, { pricePeriods: [period({ priceCents: 0 })] });
    expect(repriced.body.pricePeriods).toMatchObject([{ priceInclTaxCents: 0, priceExclTaxCents: 0 }]);
    const stored = await t.context.db
      .select()
      .from(ticketPricePeriods)
      .where(eq(ticketPricePeriods.ticketId, ticket.id));
    expect(stored).toHaveLength(1);
    expect(await auditActions(t, ticket.id)).toEqual([
      "ticketing.ticket.created",
      "ticketing.ticket.updated",
      "ticketing.ticket.updated",
      "ticketing.ticket.updated",
      "ticketing.ticket.updated",
    ]);
  });
});

describe("tickets: options and categories", () => {
  it("attaches an option to chosen tickets of the event that are not options", async () => {
    const entry = await newTicket();
    const none = await owner().post(event.tickets, ticketBody({ isOption: true, optionOf: [] }));
    expect(none.body.error).toMatchObject({
      code: "TICKET_CHOICE_REQUIRED",
      fields: { optionOf: "Choose at least one ticket." },
    });
    const option = await newTicket({ caption: { fr: "Vestiaire" }, isOption: true, optionOf: [entry.id] });
    expect(option).toMatchObject({ isOption: true, optionOf: [entry.id] });

    const onOption = await owner().post(event.tickets, ticketBody({ isOption: true, optionOf: [option.id] }));
    expect(onOption.body.error.code).toBe("TICKET_OPTION_TARGET_INVALID");
    const onItself = await owner().post(`${event.tickets}/${option.id}`, { optionOf: [entry.id, option.id] });
    expect(onItself.body.error.code).toBe("TICKET_OPTION_TARGET_INVALID");
    const elsewhere = await catalogueEvent(t, tenants.owner);
    const foreign = await created(t, tenants.owner.token, elsewhere.tickets, ticketBody());
    const onForeign = await owner().post(event.tickets, ticketBody({ isOption: true, optionOf: [foreign.id] }));
    expect(onForeign.body.error).toMatchObject({
      code: "TICKET_NOT_IN_EVENT",
      fields: { optionOf: expect.any(String) },
    });

    const becomesOption = await owner().post(`${event.tickets}/${entry.id}`, {
      isOption: true,
      optionOf: [foreign.id],
    });
    expect(becomesOption.status).toBe(400);
    const other = await newTicket();
    const withOptions = await owner().post(`${event.tickets}/${entry.id}`, { isOption: true, optionOf: [other.id] });
    expect(withOptions.status).toBe(409);
    expect(withOptions.body.error.message).toBe("Options are attached to this ticket: it cannot become an option.");

    // No longer an option: its links go.
    const plain = await owner().post(`${event.tickets}/${option.id}`, { isOption: false });
    expect(plain.body).toMatchObject({ isOption: false, optionOf: [] });
  });

  it("keeps a sold ticket's kind", async () => {
    const ticket = await newTicket();
    await insertOrder(t, event.id, {}, [{ ticketId: ticket.id }]);
    const response = await owner().post(`${event.tickets}/${ticket.id}`, { isOption: true, optionOf: [] });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("TICKET_SOLD_KIND_LOCKED");
  });

  it("takes a category and a subcategory of the event, the subcategory under the category", async () => {
    const category = await created(t, tenants.owner.token, event.categories, { name: "Days" });
    const sub = await created(t, tenants.owner.token, event.categories, { name: "Friday", parentId: category.id });
    const lone = await created(t, tenants.owner.token, event.categories, { name: "Extras" });
    const ticket = await newTicket({ categoryId: category.id, subcategoryId: sub.id });
    expect(ticket).toMatchObject({ categoryId: category.id, subcategoryId: sub.id });

    const wrongParent = await owner().post(event.tickets, ticketBody({ categoryId: lone.id, subcategoryId: sub.id }));
    expect(wrongParent.body.error).toMatchObject({
      code: "CATEGORY_SUBCATEGORY_INVALID",
      fields: { subcategoryId: "The subcategory must be a subcategory of the chosen category." },
    });
    const elsewhere = await catalogueEvent(t, tenants.owner);
    const foreign = await created(t, tenants.owner.token, elsewhere.categories, { name: "Theirs" });
    const foreignCategory = await owner().post(event.tickets, ticketBody({ categoryId: foreign.id }));
    expect(foreignCategory.body.error).toMatchObject({
      code: "CATEGORY_NOT_IN_EVENT",
      fields: { categoryId: expect.any(String) },
    });
  });
});

describe("tickets: delete and order", () => {
  it("deletes a ticket never sold, and deactivates a sold one with a clear message", async () => {
    const unsold = await newTicket();
    expect((await owner().delete(`${event.tickets}/${unsold.id}`)).body).toEqual({ outcome: "deleted" });
    expect((await owner().get(`${event.tickets}/${unsold.id}`)).status).toBe(404);
    expect(await auditActions(t, unsold.id)).toEqual(["ticketing.ticket.created", "ticketing.ticket.deleted"]);

    const sold = await newTicket({ onSale: true });
    await insertOrder(t, event.id, { status: "refunded" }, [{ ticketId: sold.id, refunded: true }]);
    const response = await owner().delete(`${event.tickets}/${sold.id}`, "fr");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      outcome: "deactivated",
      message: "Ce billet a déjà été vendu et ne peut donc pas être supprimé : il a été désactivé à la place.",
      ticket: { id: sold.id, active: false, onSale: false, sold: true },
    });
    expect((await owner().get(`${event.tickets}/${sold.id}`)).body.active).toBe(false);

    const reserved = await newTicket({ maxQuantity: 5 });
    await t.context.db.update(tickets).set({ quantityTaken: 1 }).where(eq(tickets.id, reserved.id));
    expect((await owner().delete(`${event.tickets}/${reserved.id}`)).body.outcome).toBe("deactivated");
    expect(await auditActions(t, reserved.id)).toEqual(["ticketing.ticket.created", "ticketing.ticket.deactivated"]);
  });

  it("sets the display order with every ticket once", async () => {
    const current = (await owner().get(event.tickets)).body.items.map((ticket: { id: string }) => ticket.id);
    const reversed = [...current].reverse();
    const response = await owner().post(`${event.tickets}/positions`, { ids: reversed });
    expect(response.status).toBe(200);
    expect(response.body.items.map((ticket: { id: string }) => ticket.id)).toEqual(reversed);
    const missing = await owner().post(`${event.tickets}/positions`, { ids: reversed.slice(1) });
    expect(missing.body.error).toMatchObject({
      code: "TICKET_POSITIONS_INVALID",
      message: "The tickets could not be reordered.",
    });
    expect(await auditActions(t, event.id)).toContain("ticketing.ticket.reordered");
  });
});

describe("tickets: who may do what", () => {
  it("lets a reader read but not write (403), and another account gets 404 everywhere", async () => {
    const ticket = await newTicket();
    const reader = client(t, tenants.reader);
    expect((await reader.get(event.tickets)).status).toBe(200);
    expect((await reader.get(`${event.tickets}/${ticket.id}`)).status).toBe(200);
    expect((await reader.post(event.tickets, ticketBody())).status).toBe(403);
    expect((await reader.post(`${event.tickets}/${ticket.id}`, { active: false })).status).toBe(403);
    expect((await reader.delete(`${event.tickets}/${ticket.id}`)).status).toBe(403);
    expect((await reader.post(`${event.tickets}/positions`, { ids: [ticket.id] })).status).toBe(403);

    const other = client(t, tenants.other);
    for (const response of [
      await other.get(event.tickets),
      await other.get(`${event.tickets}/${ticket.id}`),
      await other.post(event.tickets, ticketBody()),
      await other.post(`${event.tickets}/${ticket.id}`, { active: false }),
      await other.delete(`${event.tickets}/${ticket.id}`),
      await other.post(`${event.tickets}/positions`, { ids: [ticket.id] }),
    ]) {
      expect(response.status).toBe(404);
    }
    // A ticket of another event is unknown here, even to its own organizer.
    const otherEvent = await catalogueEvent(t, tenants.other);
    expect((await other.get(`${otherEvent.tickets}/${ticket.id}`)).status).toBe(404);
    expect((await owner().get(`${event.tickets}/${ticket.id}`)).body.active).toBe(true);
  });
});

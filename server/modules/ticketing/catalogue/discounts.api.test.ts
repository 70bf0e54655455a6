import { describe, expect, it } from "vitest";
import { registerTenants } from "../../../testing/fixtures.js";
import { client, madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { auditActions, catalogueEvent, created, ticketBody } from "./catalogue.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => catalogueEvent(t, tenants.owner, {}, [tenants.reader.userId]));
const entry = madeBeforeAll(() => created(t, tenants.owner.token, event.tickets, ticketBody()));

const owner = () => client(t, tenants.owner);
/** A group rate: 5.00 off each entry from 10 entries in one order. */
const discountBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Group rate",
  discountType: "amount",
  amountOffCents: 500,
  minQuantity: 10,
  ticketIds: [entry.id],
  ...overrides,
});

describe("automatic discounts", () => {
  it("creates, reads, edits and deletes, with audit rows", async () => {
    const response = await owner().post(event.discounts, discountBody({ startsAt: "2026-05-01T08:00:00+02:00" }));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      name: "Group rate",
      discountType: "amount",
      amountOffCents: 500,
      percentOff: null,
      minQuantity: 10,
      startsAt: "2026-05-01T06:00:00.000Z",
      endsAt: null,
      ticketIds: [entry.id],
    });
    const id = response.body.id;
    expect((await owner().get(`${event.discounts}/${id}`)).body).toEqual(response.body);
    expect((await owner().get(event.discounts)).body.total).toBeGreaterThanOrEqual(1);
    const edited = await owner().post(
      `${event.discounts}/${id}`,
      discountBody({ discountType: "percent", amountOffCents: null, percentOff: 15, minQuantity: 1 }),
    );
    expect(edited.body).toMatchObject({
      discountType: "percent",
      percentOff: 15,
      amountOffCents: null,
      startsAt: null,
    });
    expect((await owner().delete(`${event.discounts}/${id}`)).body).toEqual({ ok: true });
    expect((await owner().get(`${event.discounts}/${id}`)).status).toBe(404);
    expect(await auditActions(t, id)).toEqual([
      "ticketing.discount.created",
      "ticketing.discount.updated",
      "ticketing.discount.deleted",
    ]);
  });

  it.each([
    [{ name: "" }, "name", "This field is required."],
    [{ minQuantity: 0 }, "minQuantity", "This number is too small."],
    [{ percentOff: 10 }, "percentOff", "Give an amount off or a percent off, not both."],
    [{ amountOffCents: 0 }, "amountOffCents", "The amount off must be greater than 0."],
    [
      { startsAt: "2026-05-02T00:00:00Z", endsAt: "2026-05-01T00:00:00Z" },
      "endsAt",
      "The end date must be after the start date.",
    ],
    [{ endsAt: "01/05/2026" }, "endsAt", "Date format is incorrect."],
    [{ ticketIds: [] }, "ticketIds", "Choose at least one ticket."],
  ])("refuses %j on %s", async (change, field, message) => {
    const response = await owner().post(event.discounts, discountBody(change));
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ [field]: message });
  });

  it("applies only on tickets of the event", async () => {
    const elsewhere = await catalogueEvent(t, tenants.owner);
    const foreign = await created(t, tenants.owner.token, elsewhere.tickets, ticketBody());
    const response = await owner().post(event.discounts, discountBody({ ticketIds: [foreign.id] }));
    expect(response.body.error).toMatchObject({
      code: "TICKET_NOT_IN_EVENT",
      fields: { ticketIds: expect.any(String) },
    });
  });

  it("lets a reader read but not write (403), and another account gets 404", async () => {
    const discount = await created(t, tenants.owner.token, event.discounts, discountBody());
    const reader = client(t, tenants.reader);
    expect((await reader.get(event.discounts)).status).toBe(200);
    expect((await reader.get(`${event.discounts}/${discount.id}`)).status).toBe(200);
    expect((await reader.post(event.discounts, discountBody())).status).toBe(403);
    expect((await reader.post(`${event.discounts}/${discount.id}`, discountBody())).status).toBe(403);
    expect((await reader.delete(`${event.discounts}/${discount.id}`)).status).toBe(403);
    const other = client(t, tenants.other);
    for (const response of [
      await other.get(event.discounts),
      await other.get(`${event.discounts}/${discount.id}`),
      await other.post(event.discounts, discountBody()),
      await other.post(`${event.discounts}/${discount.id}`, discountBody()),
      await other.delete(`${event.discounts}/${discount.id}`),
    ]) {
      expect(response.status).toBe(404);
    }
  });
});

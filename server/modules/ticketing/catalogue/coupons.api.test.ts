import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../../testing/fixtures.js";
import { client, madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { coupons } from "../ticketing.tables.js";
import { auditActions, catalogueEvent, created, ticketBody } from "./catalogue.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => catalogueEvent(t, tenants.owner, {}, [tenants.reader.userId]));
const entry = madeBeforeAll(() => created(t, tenants.owner.token, event.tickets, ticketBody()));
const dinner = madeBeforeAll(() =>
  created(t, tenants.owner.token, event.tickets, ticketBody({ caption: { en: "Dinner" } })),
);

const owner = () => client(t, tenants.owner);
let codes = 0;
/** A valid coupon body with a code of its own. */
const couponBody = (overrides: Record<string, unknown> = {}) => ({
  code: `CODE${++codes}`,
  discountType: "percent",
  percentOff: 10,
  ticketIds: [entry.id],
  ...overrides,
});
const setRedemptions = (id: string, redemptions: number) =>
  t.context.db.update(coupons).set({ redemptions }).where(eq(coupons.id, id));

describe("coupons", () => {
  it("creates, reads, edits and deletes, with audit rows", async () => {
    const response = await owner().post(
      event.coupons,
      couponBody({ code: "SPRING24", percentOff: 12.5, maxRedemptions: 100, redeemBy: "2026-06-30" }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      code: "SPRING24",
      discountType: "percent",
      percentOff: 12.5,
      amountOffCents: null,
      maxRedemptions: 100,
      redemptions: 0,
      combinable: false,
      redeemBy: "2026-06-30",
      ticketIds: [entry.id],
    });
    const id = response.body.id;
    expect((await owner().get(`${event.coupons}/${id}`)).body).toEqual(response.body);
    expect((await owner().get(event.coupons)).body.items.map((coupon: { id: string }) => coupon.id)).toContain(id);

    const edited = await owner().post(
      `${event.coupons}/${id}`,
      couponBody({
        code: "SPRING24",
        discountType: "amount",
        amountOffCents: 500,
        percentOff: null,
        combinable: true,
        ticketIds: [entry.id, dinner.id],
      }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      discountType: "amount",
      amountOffCents: 500,
      percentOff: null,
      combinable: true,
    });
    expect([...edited.body.ticketIds].sort()).toEqual([entry.id, dinner.id].sort());
    expect((await owner().delete(`${event.coupons}/${id}`)).body).toEqual({ ok: true });
    expect((await owner().get(`${event.coupons}/${id}`)).status).toBe(404);
    expect(await auditActions(t, id)).toEqual([
      "ticketing.coupon.created",
      "ticketing.coupon.updated",
      "ticketing.coupon.deleted",
    ]);
  });

  it("keeps codes unique in the event whatever their case, and free in other events", async () => {
    const first = await created(t, tenants.owner.token, event.coupons, couponBody({ code: "Summer" }));
    const again = await owner().post(event.coupons, couponBody({ code: "SUMMER" }));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "COUPON_CODE_TAKEN",
      fields: { code: "A coupon of this event already has this code." },
    });
    const other = await created(t, tenants.owner.token, event.coupons, couponBody());
    const renamed = await owner().post(`${event.coupons}/${other.id}`, couponBody({ code: "summer" }));
    expect(renamed.status).toBe(409);
    // Its own code, in another case, is fine.
    expect((await owner().post(`${event.coupons}/${first.id}`, couponBody({ code: "SUMMER" }))).status).toBe(200);
    const elsewhere = await catalogueEvent(t, tenants.owner);
    const ticket = await created(t, tenants.owner.token, elsewhere.tickets, ticketBody());
    const there = await owner().post(elsewhere.coupons, couponBody({ code: "summer", ticketIds: [ticket.id] }));
    expect(there.status).toBe(201);
  });

  it.each([
    [{ code: "SPRING 24" }, "code", "The coupon code must have 1 to 15 characters, without spaces."],
    [{ code: "A234567890123456" }, "code", "The coupon code must have 1 to 15 characters, without spaces."],
    [{ code: "" }, "code", "This field is required."],
    [{ amountOffCents: 500 }, "amountOffCents", "Give an amount off or a percent off, not both."],
    [
      { percentOff: 0 },
      "percentOff",
      "The percent off must be greater than 0 and at most 100, with 2 decimals at most.",
    ],
    [{ discountType: "amount", percentOff: null }, "amountOffCents", "This field is required."],
    [{ maxRedemptions: 0 }, "maxRedemptions", "The quota must be a number greater than 0."],
    [{ redeemBy: "2026-13-01" }, "redeemBy", "Date format is incorrect."],
    [{ ticketIds: [] }, "ticketIds", "Choose at least one ticket."],
  ])("refuses %j on %s", async (change, field, message) => {
    const response = await owner().post(event.coupons, couponBody(change));
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ [field]: message });
  });

  it("applies only on tickets of the event", async () => {
    const elsewhere = await catalogueEvent(t, tenants.owner);
    const foreign = await created(t, tenants.owner.token, elsewhere.tickets, ticketBody());
    const response = await owner().post(event.coupons, couponBody({ ticketIds: [entry.id, foreign.id] }));
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: "TICKET_NOT_IN_EVENT",
      fields: { ticketIds: "This ticket is not a ticket of this event." },
    });
  });

  it("keeps its limit above the redemptions made, and a used coupon is not deleted", async () => {
    const coupon = await created(t, tenants.owner.token, event.coupons, couponBody({ maxRedemptions: 10 }));
    await setRedemptions(coupon.id, 3);
    const below = await owner().post(
      `${event.coupons}/${coupon.id}`,
      couponBody({ code: coupon.code, maxRedemptions: 2 }),
    );
    expect(below.status).toBe(409);
    expect(below.body.error.message).toBe("The maximum number of redemptions cannot be lower than the 3 already made.");
    const same = await owner().post(
      `${event.coupons}/${coupon.id}`,
      couponBody({ code: coupon.code, maxRedemptions: 3 }),
    );
    expect(same.body).toMatchObject({ maxRedemptions: 3, redemptions: 3 });
    const deletion = await owner().delete(`${event.coupons}/${coupon.id}`, "es");
    expect(deletion.status).toBe(409);
    expect(deletion.body.error.message).toBe(
      "Este cupón ya se ha usado, por lo que no se puede eliminar. Cambie su fecha límite para detenerlo.",
    );
    expect((await owner().get(`${event.coupons}/${coupon.id}`)).status).toBe(200);
  });

  it("loses a ticket that is deleted", async () => {
    const extra = await created(t, tenants.owner.token, event.tickets, ticketBody({ caption: { en: "Extra" } }));
    const coupon = await created(
      t,
      tenants.owner.token,
      event.coupons,
      couponBody({ ticketIds: [entry.id, extra.id] }),
    );
    await owner().delete(`${event.tickets}/${extra.id}`);
    expect((await owner().get(`${event.coupons}/${coupon.id}`)).body.ticketIds).toEqual([entry.id]);
  });

  it("lets a reader read but not write (403), and another account gets 404", async () => {
    const coupon = await created(t, tenants.owner.token, event.coupons, couponBody());
    const reader = client(t, tenants.reader);
    expect((await reader.get(event.coupons)).status).toBe(200);
    expect((await reader.get(`${event.coupons}/${coupon.id}`)).status).toBe(200);
    expect((await reader.post(event.coupons, couponBody())).status).toBe(403);
    expect((await reader.post(`${event.coupons}/${coupon.id}`, couponBody())).status).toBe(403);
    expect((await reader.delete(`${event.coupons}/${coupon.id}`)).status).toBe(403);
    const other = client(t, tenants.other);
    for (const response of [
      await other.get(event.coupons),
      await other.get(`${event.coupons}/${coupon.id}`),
      await other.post(event.coupons, couponBody()),
      await other.post(`${event.coupons}/${coupon.id}`, couponBody()),
      await other.delete(`${event.coupons}/${coupon.id}`),
    ]) {
      expect(response.status).toBe(404);
    }
  });
});

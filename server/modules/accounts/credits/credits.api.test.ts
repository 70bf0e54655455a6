import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { addMember, addPlatformAdmin, registerAccount } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { accountsApi, auditRows, twoAccountsForFile } from "../accounts.testing.js";
import { creditLots, creditMovements } from "./credits.tables.js";

const t = testAppForFile();
const { owner, other } = twoAccountsForFile(t);
const admin = madeBeforeAll(() => addPlatformAdmin(t));
const organizer = madeBeforeAll(() => addMember(t, owner.accountId, "organizer"));
const reader = madeBeforeAll(() => addMember(t, owner.accountId, "reader"));

const api = accountsApi(t);
const url = (path: string, accountId = owner.accountId) => `/accounts/${accountId}/${path}`;

/** DD/MM/YYYY of today plus `days` (UTC). */
const day = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return date.toISOString().slice(0, 10).split("-").reverse().join("/");
};
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A lot written straight to the table: how a test gets one whose expiry has already passed. */
async function insertLot(accountId: string, kind: "event" | "campaign", number: number, expiresOn: string | null) {
  const [lot] = await t.context.db
    .insert(creditLots)
    .values({ accountId, kind, number, remaining: number, expiresOn })
    .returning();
  if (!lot) throw new Error("lot insert failed");
  await t.context.db.insert(creditMovements).values({ accountId, kind, lotId: lot.id, delta: number, reason: "add" });
  return lot;
}

describe("adding credits", () => {
  test("a platform admin adds a lot of campaign credits with an expiry and a pack, ledgered and audited", async () => {
    const response = await api("POST", url("campaigncredits/add"), admin.token, {
      number: 500,
      expiryDate: day(60),
      pack: "Pack 500",
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      kind: "campaign",
      number: 500,
      remaining: 500,
      expiresOn: iso(60),
      expired: false,
      pack: "Pack 500",
      author: { id: admin.userId, name: "Pat Platform", email: admin.email },
      createdAt: expect.any(String),
    });
    const [audit] = await auditRows(t, owner.accountId, "accounts.credits.added");
    expect(audit).toMatchObject({
      actorUserId: admin.userId,
      targetId: response.body.id,
      after: { kind: "campaign", number: 500, expiresOn: iso(60), pack: "Pack 500" },
    });
    const remaining = await api("GET", url("campaigncredits/remaining"), owner.token);
    expect(remaining.body).toEqual({ kind: "campaign", remaining: 500, expiringSoon: 0, nextExpiry: iso(60) });
    // The two ledgers are apart: no event credits came with them.
    const events = await api("GET", url("eventcredits/remaining"), owner.token);
    expect(events.body).toEqual({ kind: "event", remaining: 0, expiringSoon: 0, nextExpiry: null });
  });

  test("the number is required, numeric, positive and not 0", async () => {
    for (const number of [undefined, "", "abc", 0, -5, 2.5, "12abc"]) {
      const response = await api("POST", url("eventcredits/add"), admin.token, { number, expiryDate: day(10) });
      expect(response.status, JSON.stringify(number)).toBe(400);
      expect(response.body.error.fields).toEqual({ number: "The number of credits must be a positive whole number." });
    }
    const french = await api("POST", url("eventcredits/add"), admin.token, { number: 0 }, "fr");
    expect(french.body.error.fields).toEqual({ number: "Le nombre de crédits doit être un nombre entier positif." });
    // Digits given as text are a number.
    const digits = await api("POST", url("eventcredits/add"), admin.token, { number: "7" });
    expect(digits.status).toBe(201);
    expect(digits.body).toMatchObject({ number: 7, expiresOn: null });
  });

  test("the expiry date is DD/MM/YYYY, a real day", async () => {
    for (const expiryDate of ["2030-01-31", "31/02/2030", "1/1/2030", "tomorrow", "32/01/2030"]) {
      const response = await api("POST", url("eventcredits/add"), admin.token, { number: 5, expiryDate });
      expect(response.status, expiryDate).toBe(400);
      expect(response.body.error.fields).toEqual({ expiryDate: "Date format is incorrect." });
    }
  });

  test("the expiry date cannot be in the past; today is accepted", async () => {
    const past = await api("POST", url("eventcredits/add"), admin.token, { number: 5, expiryDate: day(-1) });
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual({ expiryDate: "The expiry date cannot be in the past." });
    const spanish = await api("POST", url("eventcredits/add"), admin.token, { number: 5, expiryDate: day(-1) }, "es");
    expect(spanish.body.error.fields).toEqual({ expiryDate: "La fecha de caducidad no puede estar en el pasado." });
    const today = await api("POST", url("eventcredits/add"), admin.token, { number: 5, expiryDate: day(0) });
    expect(today.status).toBe(201);
    expect(today.body).toMatchObject({ expiresOn: iso(0), expired: false });
  });

  test("an overseer, an organizer or a reader cannot add nor debit credits (403)", async () => {
    for (const token of [owner.token, organizer.token, reader.token]) {
      const add = await api("POST", url("campaigncredits/add"), token, { number: 10 });
      expect(add.status).toBe(403);
      const debit = await api("POST", url("eventcredits/debit"), token, { number: 1 });
      expect(debit.status).toBe(403);
    }
  });

  test("another account's user gets 404 on every credits route", async () => {
    for (const path of [
      "eventcredits",
      "eventcredits/remaining",
      "eventcredits/nonspentorexpired",
      "campaigncredits",
      "campaigncredits/remaining",
    ]) {
      const response = await api("GET", url(path), other.token);
      expect(response.status, path).toBe(404);
    }
    expect((await api("POST", url("campaigncredits/add"), other.token, { number: 3 })).status).toBe(404);
    expect((await api("POST", url("campaigncredits/debit"), other.token, { number: 3 })).status).toBe(404);
  });

  test("signed out: 401", async () => {
    expect((await api("GET", url("campaigncredits"), undefined)).status).toBe(401);
  });
});

describe("spending and debiting", () => {
  const account = madeBeforeAll(() => registerAccount(t, { accountName: "Debit Co" }));

  test("expired lots are not spendable; a debit takes the soonest-expiring lots first", async () => {
    await insertLot(account.accountId, "campaign", 40, iso(-3)); // expired three days ago
    const late = await insertLot(account.accountId, "campaign", 30, iso(200));
    const never = await insertLot(account.accountId, "campaign", 20, null);
    const soon = await insertLot(account.accountId, "campaign", 10, iso(5));

    const remaining = await api("GET", url("campaigncredits/remaining", account.accountId), account.token);
    expect(remaining.body).toEqual({ kind: "campaign", remaining: 60, expiringSoon: 10, nextExpiry: iso(5) });

    const debit = await api("POST", url("campaigncredits/debit", account.accountId), admin.token, {
      number: 25,
      note: "refund of pack",
    });
    expect(debit.status).toBe(200);
    expect(debit.body).toMatchObject({ remaining: 35, expiringSoon: 0, nextExpiry: iso(200) });
    const lots = await t.context.db.select().from(creditLots).where(eq(creditLots.accountId, account.accountId));
    const left = Object.fromEntries(lots.map((lot) => [lot.id, lot.remaining]));
    expect(left[soon.id]).toBe(0);
    expect(left[late.id]).toBe(15);
    expect(left[never.id]).toBe(20);

    const [audit] = await auditRows(t, account.accountId, "accounts.credits.debited");
    expect(audit).toMatchObject({ actorUserId: admin.userId, after: { kind: "campaign", number: 25 } });

    const ledger = await api("GET", url("campaigncredits", account.accountId), account.token);
    expect(ledger.status).toBe(200);
    expect(ledger.body.total).toBe(6);
    const debits = ledger.body.items.filter((item: { reason: string }) => item.reason === "debit");
    expect(debits.map((item: { delta: number; lotId: string }) => [item.lotId, item.delta]).sort()).toEqual(
      [
        [soon.id, -10],
        [late.id, -15],
      ].sort(),
    );
    expect(debits[0]).toMatchObject({
      kind: "campaign",
      note: "refund of pack",
      author: { id: admin.userId, name: "Pat Platform" },
      campaignId: null,
    });
  });

  test("a debit larger than the spendable balance is refused with the balance, and takes nothing", async () => {
    const response = await api("POST", url("campaigncredits/debit", account.accountId), admin.token, { number: 36 });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe("The account holds only 35 spendable credits.");
    expect(response.body.error.fields).toEqual({ number: "The account holds only 35 spendable credits." });
    const french = await api(
      "POST",
      url("campaigncredits/debit", account.accountId),
      admin.token,
      { number: 36 },
      "fr",
    );
    expect(french.body.error.message).toBe("Le compte ne dispose que de 35 crédits utilisables.");
    const remaining = await api("GET", url("campaigncredits/remaining", account.accountId), account.token);
    expect(remaining.body.remaining).toBe(35);
    const debitNumber = await api("POST", url("campaigncredits/debit", account.accountId), admin.token, { number: 0 });
    expect(debitNumber.status).toBe(400);
    expect(debitNumber.body.error.fields).toEqual({ number: "The number of credits must be a positive whole number." });
  });

  test("nonspentorexpired lists lots still holding credits or expired, soonest-expiring first", async () => {
    await insertLot(account.accountId, "event", 8, iso(-10)); // expired, untouched
    const spent = await insertLot(account.accountId, "event", 4, iso(30));
    await t.context.db.update(creditLots).set({ remaining: 0 }).where(eq(creditLots.id, spent.id));
    const expiredSpent = await insertLot(account.accountId, "event", 2, iso(-20));
    await t.context.db.update(creditLots).set({ remaining: 0 }).where(eq(creditLots.id, expiredSpent.id));
    await insertLot(account.accountId, "event", 6, iso(90));
    const response = await api("GET", url("eventcredits/nonspentorexpired", account.accountId), account.token);
    expect(response.status).toBe(200);
    expect(
      response.body.items.map((lot: { remaining: number; expired: boolean; expiresOn: string }) => [
        lot.expiresOn,
        lot.remaining,
        lot.expired,
      ]),
    ).toEqual([
      [iso(-20), 0, true],
      [iso(-10), 8, true],
      [iso(90), 6, false],
    ]);
    const remaining = await api("GET", url("eventcredits/remaining", account.accountId), account.token);
    expect(remaining.body).toMatchObject({ remaining: 6 });
  });

  test("the ledger pages, newest first", async () => {
    const page = await api("GET", url("eventcredits?limit=2&offset=1", account.accountId), account.token);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(4);
    expect(page.body.items).toHaveLength(2);
    const all = await api("GET", url("eventcredits", account.accountId), account.token);
    expect(all.body.items.slice(1, 3)).toEqual(page.body.items);
    const rows = await t.context.db
      .select()
      .from(creditMovements)
      .where(and(eq(creditMovements.accountId, account.accountId), eq(creditMovements.kind, "event")));
    expect(rows).toHaveLength(4);
  });
});

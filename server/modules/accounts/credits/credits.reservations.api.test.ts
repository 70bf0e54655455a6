import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { translate } from "../../../../contract/error-messages.js";
import { AppError } from "../../../platform/errors.js";
import { registerAccount } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { auditRows } from "../accounts.testing.js";
import { campaignHeldCredits, releaseCredits, reserveCredits, spendableCredits } from "./credits.service.js";
import { creditLots, creditMovements } from "./credits.tables.js";

const t = testAppForFile();
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function insertLot(
  accountId: string,
  number: number,
  expiresOn: string | null,
  kind: "event" | "campaign" = "campaign",
) {
  const [lot] = await t.context.db
    .insert(creditLots)
    .values({ accountId, kind, number, remaining: number, expiresOn })
    .returning();
  if (!lot) throw new Error("lot insert failed");
  await t.context.db.insert(creditMovements).values({ accountId, kind, lotId: lot.id, delta: number, reason: "add" });
  return lot;
}

const remainingOf = async (lotId: string) =>
  (await t.context.db.select().from(creditLots).where(eq(creditLots.id, lotId)))[0]?.remaining;

describe("reserveCredits and releaseCredits (the campaign send's interface)", () => {
  const account = madeBeforeAll(() => registerAccount(t, { accountName: "Reserve Co" }));

  test("20 concurrent reservations of one credit against a balance of 10: exactly 10 succeed, the balance ends at 0", async () => {
    const racing = await registerAccount(t, { accountName: "Race Co" });
    await insertLot(racing.accountId, 4, iso(10));
    await insertLot(racing.accountId, 6, null);
    await insertLot(racing.accountId, 50, iso(-1)); // expired: never taken
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        t.context.db.transaction((tx) =>
          reserveCredits(tx, { accountId: racing.accountId, kind: "campaign", count: 1, campaignId: randomUUID() }),
        ),
      ),
    );
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const outcome of refused) {
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(AppError);
      expect(reason).toMatchObject({ status: 409, code: "CAMPAIGN_NOT_ENOUGH_CREDITS" });
    }
    expect(await spendableCredits(t.context.db, racing.accountId, "campaign")).toBe(0);
    const [sums] = await t.context.db
      .select({
        reserved: sql<number>`(-sum(${creditMovements.delta}) filter (where ${creditMovements.reason} = 'reserve'))::int`,
        negative: sql<number>`count(*) filter (where ${creditLots.remaining} < 0)::int`,
      })
      .from(creditMovements)
      .innerJoin(creditLots, eq(creditLots.id, creditMovements.lotId))
      .where(eq(creditMovements.accountId, racing.accountId));
    expect(Number(sums?.reserved)).toBe(10);
    expect(Number(sums?.negative)).toBe(0);
  });

  test("a reservation larger than the balance takes nothing and says how many credits are missing", async () => {
    await insertLot(account.accountId, 5, iso(3));
    await insertLot(account.accountId, 10, iso(100));
    await insertLot(account.accountId, 7, iso(-2)); // expired
    await insertLot(account.accountId, 100, null, "event"); // the other ledger
    expect(await spendableCredits(t.context.db, account.accountId, "campaign")).toBe(15);
    const campaignId = randomUUID();
    const error = await t.context.db
      .transaction((tx) =>
        reserveCredits(tx, { accountId: account.accountId, kind: "campaign", count: 18, campaignId }),
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.status).toBe(409);
    expect(translate(appError.code, "en")).toBe("You do not have enough credits to send your campaign.");
    const field = appError.options.fields?.credits;
    expect(field && translate(field.code, "en", ...(field.values ?? []))).toBe("You are missing 3 credits.");
    expect(field && translate(field.code, "fr", ...(field.values ?? []))).toBe("Il vous manque 3 crédits.");
    expect(await spendableCredits(t.context.db, account.accountId, "campaign")).toBe(15);
    expect(await campaignHeldCredits(t.context.db, campaignId)).toBe(0);
  });

  test("a reservation takes the soonest-expiring lots first; the release gives back to the latest-expiring first", async () => {
    const lots = await t.context.db
      .select()
      .from(creditLots)
      .where(
        and(
          eq(creditLots.accountId, account.accountId),
          eq(creditLots.kind, "campaign"),
          sql`expires_on >= current_date`,
        ),
      )
      .orderBy(creditLots.expiresOn);
    const [threeDays, hundredDays] = lots;
    if (!threeDays || !hundredDays) throw new Error("lots missing");

    const campaignId = randomUUID();
    await t.context.db.transaction((tx) =>
      reserveCredits(tx, { accountId: account.accountId, kind: "campaign", count: 8, campaignId }),
    );
    expect(await remainingOf(threeDays.id)).toBe(0);
    expect(await remainingOf(hundredDays.id)).toBe(7);
    expect(await campaignHeldCredits(t.context.db, campaignId)).toBe(8);
    expect(await spendableCredits(t.context.db, account.accountId, "campaign")).toBe(7);

    // 4 of the 8 were sent: 4 go back, first to the lot expiring in 100 days (3 taken from it), then 1 to the other.
    const released = await t.context.db.transaction((tx) =>
      releaseCredits(tx, { accountId: account.accountId, kind: "campaign", count: 4, campaignId }),
    );
    expect(released).toBe(4);
    expect(await remainingOf(hundredDays.id)).toBe(10);
    expect(await remainingOf(threeDays.id)).toBe(1);
    expect(await campaignHeldCredits(t.context.db, campaignId)).toBe(4);

    // Never more than the campaign still holds, and nothing for a campaign that reserved nothing.
    const more = await t.context.db.transaction((tx) =>
      releaseCredits(tx, { accountId: account.accountId, kind: "campaign", count: 50, campaignId }),
    );
    expect(more).toBe(4);
    expect(await campaignHeldCredits(t.context.db, campaignId)).toBe(0);
    expect(await spendableCredits(t.context.db, account.accountId, "campaign")).toBe(15);
    const none = await t.context.db.transaction((tx) =>
      releaseCredits(tx, { accountId: account.accountId, kind: "campaign", count: 5, campaignId: randomUUID() }),
    );
    expect(none).toBe(0);

    const movements = await t.context.db
      .select()
      .from(creditMovements)
      .where(eq(creditMovements.campaignId, campaignId))
      .orderBy(creditMovements.id);
    expect(movements.map((row) => [row.reason, row.lotId, row.delta])).toEqual([
      ["reserve", threeDays.id, -5],
      ["reserve", hundredDays.id, -3],
      ["release", hundredDays.id, 3],
      ["release", threeDays.id, 1],
      ["release", threeDays.id, 4],
    ]);
    const reservedAudit = await auditRows(t, account.accountId, "accounts.credits.reserved");
    expect(reservedAudit[0]).toMatchObject({ targetId: campaignId, actorLabel: "campaign send" });
    const releasedAudit = await auditRows(t, account.accountId, "accounts.credits.released");
    expect(releasedAudit).toHaveLength(2);
  });

  test("credits released to a lot that expired meanwhile stay unspendable", async () => {
    const lone = await registerAccount(t, { accountName: "Expiry Co" });
    const lot = await insertLot(lone.accountId, 5, iso(1));
    const campaignId = randomUUID();
    await t.context.db.transaction((tx) =>
      reserveCredits(tx, { accountId: lone.accountId, kind: "campaign", count: 5, campaignId }),
    );
    await t.context.db
      .update(creditLots)
      .set({ expiresOn: iso(-1) })
      .where(eq(creditLots.id, lot.id));
    await t.context.db.transaction((tx) =>
      releaseCredits(tx, { accountId: lone.accountId, kind: "campaign", count: 5, campaignId }),
    );
    expect(await remainingOf(lot.id)).toBe(5);
    expect(await spendableCredits(t.context.db, lone.accountId, "campaign")).toBe(0);
  });
});

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CampaignType, ExclusionReason } from "../../../../contract/campaigns.js";
import type { Executor } from "../../../db/connection.js";
import { registerAccount } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { events } from "../../events/events.tables.js";
import { createEvent } from "../../events/events.testing.js";
import { guests } from "../../guests/guests.tables.js";
import { campaignRecipients, errorMails } from "../campaigns.tables.js";
import {
  countRecipientVerdicts,
  listRecipientVerdicts,
  recordRecipients,
  repeatedSendsMax,
} from "./recipients.service.js";
import { seedCampaign, seedGuests, selectGuests, sentCampaign } from "./recipients.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));

/**
 * One event with a guest for every case of SPEC §5 and §4's targets:
 * fresh (not responded, never mailed), noEmail, blank (email of spaces), rejected (in the account's error mails),
 * companion (not responded, with a host), companionOk (confirmed companion), invited (had an invitation),
 * savedTheDate (had a save the date), reflated (invited, reflated repeatedSendsMax times), confirmed, reminded
 * (confirmed, reminded repeatedSendsMax times), thanked (confirmed, had a thank-you), refused.
 */
async function fixture(options: { started?: boolean } = {}) {
  const db = t.context.db;
  const event = await createEvent(t, owner.token, owner.accountId);
  if (options.started) {
    await db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(events.id, event.id));
  }
  const scope = { accountId: owner.accountId, eventId: event.id };
  const ids = await seedGuests(db, event.id, [
    { name: "Fresh" },
    { name: "NoEmail", email: null },
    { name: "Blank", email: "   " },
    { name: "Rejected", email: "Rejected@Example.test" },
    { name: "Host", status: "confirmed" },
    { name: "Invited" },
    { name: "SavedTheDate" },
    { name: "Reflated" },
    { name: "Confirmed", status: "confirmed" },
    { name: "Reminded", status: "confirmed" },
    { name: "Thanked", status: "confirmed" },
    { name: "Refused", status: "refused" },
  ]);
  const companions = await seedGuests(db, event.id, [
    { name: "Companion", hostId: ids.Host },
    { name: "CompanionOk", status: "confirmed", hostId: ids.Host },
  ]);
  Object.assign(ids, companions);
  await db
    .insert(errorMails)
    .values({ accountId: owner.accountId, email: "rejected@example.test", reason: "bounce" })
    .onConflictDoNothing();
  await sentCampaign(db, scope, "invitation", [ids.Invited, ids.Reflated] as string[]);
  await sentCampaign(db, scope, "save_the_date", [ids.SavedTheDate] as string[]);
  for (let sent = 0; sent < repeatedSendsMax; sent++) {
    await sentCampaign(db, scope, "reflate", [ids.Reflated] as string[]);
    await sentCampaign(db, scope, "reminder", [ids.Reminded] as string[]);
  }
  await sentCampaign(db, scope, "thank_you", [ids.Thanked] as string[]);
  // Another event's history counts for nothing here.
  const elsewhere = await createEvent(t, owner.token, owner.accountId);
  const [otherGuest] = Object.values(await seedGuests(db, elsewhere.id, [{ name: "Elsewhere" }]));
  await sentCampaign(db, { ...scope, eventId: elsewhere.id }, "invitation", [otherGuest as string]);
  const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return { event, scope, ids, names };
}

async function verdictsOf(type: CampaignType, options: { started?: boolean } = {}) {
  const { scope, names } = await fixture(options);
  const campaign = await seedCampaign(t.context.db, { ...scope, type });
  const { items, total } = await listRecipientVerdicts(t.context.db, campaign.id, { limit: 100, offset: 0 });
  expect(total).toBe(14);
  return Object.fromEntries(items.map((item) => [names[item.id], item.reason ?? "selectable"]));
}

type Verdict = ExclusionReason | "selectable";

// The guests whose verdict depends on the campaign's type: outside a type's target, a guest's status is not selectable.
const targeted = [
  "Fresh",
  "SavedTheDate",
  "Invited",
  "Reflated",
  "Host",
  "CompanionOk",
  "Confirmed",
  "Reminded",
  "Thanked",
];
// The guests excluded whatever the type.
const alwaysExcluded: Record<string, Verdict> = {
  NoEmail: "email_empty",
  Blank: "email_empty",
  Rejected: "email_rejected",
  Companion: "companion_not_responded",
  Refused: "status_not_selectable",
};

/** Each type's target (SPEC §4): the guests it may go to, and those of its target it may no longer go to. */
const targets: { type: CampaignType; goesTo: string; started?: boolean; verdicts: Record<string, Verdict> }[] = [
  {
    type: "invitation",
    goesTo: "not-responded guests without an invitation",
    verdicts: {
      Fresh: "selectable",
      SavedTheDate: "selectable",
      Invited: "already_in_campaign_type",
      Reflated: "already_in_campaign_type",
    },
  },
  {
    type: "save_the_date",
    goesTo: "once to not-responded guests without an invitation",
    verdicts: { Fresh: "selectable", SavedTheDate: "already_in_campaign_type" },
  },
  {
    type: "reflate",
    goesTo: "not-responded guests already invited, at most repeatedSendsMax times",
    verdicts: { Invited: "selectable", Reflated: "send_count_reached" },
  },
  {
    type: "reminder",
    goesTo: "confirmed guests, companions who answered included, at most repeatedSendsMax times",
    verdicts: {
      Host: "selectable",
      CompanionOk: "selectable",
      Confirmed: "selectable",
      Reminded: "send_count_reached",
      Thanked: "selectable",
    },
  },
  {
    type: "thank_you",
    goesTo: "once to attendees: confirmed guests of an event that has started",
    started: true,
    verdicts: {
      Host: "selectable",
      CompanionOk: "selectable",
      Confirmed: "selectable",
      Reminded: "selectable",
      Thanked: "already_in_campaign_type",
    },
  },
];

describe("campaign recipients: SPEC §5 selectability and §4 targets", () => {
  for (const { type, goesTo, started, verdicts } of targets) {
    it(`a ${type} goes to ${goesTo}`, async () => {
      const outsideTarget = Object.fromEntries(targeted.map((name) => [name, "status_not_selectable"]));
      expect(await verdictsOf(type, { started })).toEqual({ ...outsideTarget, ...alwaysExcluded, ...verdicts });
    });
  }

  it("a thank-you goes to no one before the event has started", async () => {
    expect((await verdictsOf("thank_you")).Confirmed).toBe("status_not_selectable");
  });

  it("counts the selectable, the selected and the excluded by reason", async () => {
    const { scope, ids } = await fixture();
    const campaign = await seedCampaign(t.context.db, { ...scope, type: "invitation" });
    await selectGuests(t.context.db, campaign.id, [ids.Fresh, ids.Confirmed, ids.NoEmail] as string[]);
    expect(await countRecipientVerdicts(t.context.db, campaign.id)).toEqual({
      guests: 14,
      selectable: 2,
      recipients: 1,
      selectedExcluded: 2,
      excluded: {
        email_empty: 2,
        email_rejected: 1,
        companion_not_responded: 1,
        already_in_campaign_type: 2,
        send_count_reached: 0,
        status_not_selectable: 6,
      },
    });
    await selectGuests(t.context.db, campaign.id, [ids.SavedTheDate] as string[], true);
    const all = await countRecipientVerdicts(t.context.db, campaign.id);
    expect([all.selectable, all.recipients]).toEqual([2, 1]);
    const page = await listRecipientVerdicts(t.context.db, campaign.id, {
      limit: 10,
      offset: 0,
      selected: "true",
    });
    expect(page.items.map((item) => item.firstName)).toEqual(["Fresh"]);
  });

  it("lists a page searched and filtered by status, selectability and reason", async () => {
    const { scope } = await fixture();
    const campaign = await seedCampaign(t.context.db, { ...scope, type: "invitation" });
    const list = (filter: Record<string, unknown>) =>
      listRecipientVerdicts(t.context.db, campaign.id, { limit: 3, offset: 0, ...filter });
    const names = async (filter: Record<string, unknown>) => (await list(filter)).items.map((item) => item.firstName);
    expect(await names({ query: "FRESH" })).toEqual(["Fresh"]);
    expect(await names({ selectable: "true" })).toEqual(["Fresh", "SavedTheDate"]);
    expect(await names({ reason: ["email_empty"] })).toEqual(["Blank", "NoEmail"]);
    expect(await names({ status: ["refused"] })).toEqual(["Refused"]);
    const page = await list({ selectable: "false", offset: 3 });
    expect(page.total).toBe(12);
    expect(page.items).toHaveLength(3);
    expect((await list({ selectable: "false", offset: 30 })).total).toBe(12);
  });
});

describe("recordRecipients", () => {
  /** Counts the statements a transaction sends, through its own execute and query builders. */
  function counting(tx: Executor) {
    let statements = 0;
    const session = (tx as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
    const prepare = session.prepareQuery.bind(session);
    session.prepareQuery = (...args: unknown[]) => {
      statements++;
      return prepare(...args);
    };
    return () => statements;
  }

  it("records 1,000 selected guests in batches with one statement, queues their mail status, once", async () => {
    const db = t.context.db;
    const event = await createEvent(t, owner.token, owner.accountId);
    const scope = { accountId: owner.accountId, eventId: event.id };
    const seeds = Array.from({ length: 1_000 }, (_, index) => ({ name: `Guest${String(index).padStart(4, "0")}` }));
    const ids = await seedGuests(db, event.id, [...seeds, { name: "Unpicked" }, { name: "Gone", email: null }]);
    const campaign = await seedCampaign(db, { ...scope, type: "invitation" });
    await selectGuests(db, campaign.id, [ids.Unpicked] as string[], true);

    const recorded = await db.transaction(async (tx) => {
      const statements = counting(tx);
      const count = await recordRecipients(tx, campaign, 300);
      expect(statements()).toBe(1);
      return count;
    });
    expect(recorded).toBe(1_000);
    const batches = await db.execute(sql`select batch, count(*)::int as count from ${campaignRecipients}
      where campaign_id = ${campaign.id} group by batch order by batch`);
    expect((batches as unknown as { rows: unknown[] }).rows).toEqual([
      { batch: 0, count: 300 },
      { batch: 1, count: 300 },
      { batch: 2, count: 300 },
      { batch: 3, count: 100 },
    ]);
    const [queued] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(guests)
      .where(sql`${guests.eventId} = ${event.id} and ${guests.mailStatus} = 'queued'`);
    expect(queued?.count).toBe(1_000);
    const [one] = await db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.guestId, ids.Guest0001 as string));
    expect(one).toMatchObject({ email: "guest0001@example.test", language: "en", status: "queued" });

    // Recorded twice (a retried start), nothing is added; the guests now count as invited.
    expect(await recordRecipients(db, campaign, 300)).toBe(0);
    const again = await seedCampaign(db, { ...scope, type: "invitation" });
    await selectGuests(db, again.id, [], true);
    expect(await countRecipientVerdicts(db, again.id)).toMatchObject({ selectable: 1, recipients: 1 });
  });
});

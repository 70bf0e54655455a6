import { describe, expect, test } from "vitest";
import { addMember, tenantsForFile } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { accountsApi, insertEvent } from "../../accounts/accounts.testing.js";
import { eventAdministrators } from "../../events/events.tables.js";
import { guests } from "../../guests/guests.tables.js";
import { campaignRecipients, campaigns } from "../campaigns.tables.js";

const t = testAppForFile();
const { owner, reader, other } = tenantsForFile(t);
const api = accountsApi(t);

/** An event with two guests, one transactional mail to each, and a campaign sent to the first. */
const scene = madeBeforeAll(async () => {
  const event = await insertEvent(t, owner.accountId);
  const [ada, bob] = await t.context.db
    .insert(guests)
    .values([
      { eventId: event.id, email: "ada@example.test", firstName: "Ada", createdSource: "admin" },
      { eventId: event.id, email: "bob@example.test", firstName: "Bob", createdSource: "admin" },
    ])
    .returning();
  if (!ada || !bob) throw new Error("guests insert failed");
  await t.context.db.transaction(async (tx) => {
    for (const guest of [ada, bob]) {
      await t.context.mailer.enqueue(tx, {
        to: guest.email ?? "",
        template: "forms.submission_confirmation",
        language: "en",
        accountId: owner.accountId,
        eventId: event.id,
        guestId: guest.id,
        subject: `Thanks ${guest.firstName}`,
        content: { title: "Thanks", paragraphs: [], footer: "" },
      });
    }
    // A mail of the other account never shows.
    await t.context.mailer.enqueue(tx, {
      to: "ada@example.test",
      template: "forms.submission_confirmation",
      language: "en",
      accountId: other.accountId,
      subject: "Elsewhere",
      content: { title: "Elsewhere", paragraphs: [], footer: "" },
    });
  });
  const [campaign] = await t.context.db
    .insert(campaigns)
    .values({
      accountId: owner.accountId,
      eventId: event.id,
      name: "Save the date",
      type: "save_the_date",
      status: "sent",
      content: { en: { subject: "Keep the evening free", previewText: "", blocks: [] } } as never,
    })
    .returning();
  if (!campaign) throw new Error("campaign insert failed");
  await t.context.db.insert(campaignRecipients).values({
    campaignId: campaign.id,
    guestId: ada.id,
    email: "ada@example.test",
    language: "en",
    batch: 0,
    status: "opened",
    sentAt: new Date(),
  });
  const editor = await addMember(t, owner.accountId, "editor");
  // The reader reaches the event (given to them), so a guest's history is theirs to read.
  await t.context.db.insert(eventAdministrators).values({ eventId: event.id, userId: reader.userId });
  return { event, ada, bob, campaign, editor };
});

const accountUrl = (accountId = owner.accountId) => `/accounts/${accountId}/mails`;
const guestUrl = (guestId: string, accountId = owner.accountId, eventId = scene.event.id) =>
  `/events/${accountId}/${eventId}/users/${guestId}/mails`;

describe("mail history", () => {
  test("the account's history lists transactional and campaign mails, newest first, with their status", async () => {
    const response = await api("GET", accountUrl(), owner.token);
    expect(response.status).toBe(200);
    const mine = response.body.items.filter((item: { eventId: string }) => item.eventId === scene.event.id);
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({
      kind: "campaign",
      to: "ada@example.test",
      subject: "Keep the evening free",
      label: "Save the date",
      status: "opened",
      campaignId: scene.campaign.id,
      guestId: scene.ada.id,
    });
    expect(mine.filter((item: { kind: string }) => item.kind === "transactional")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: "bob@example.test",
          subject: "Thanks Bob",
          label: "forms.submission_confirmation",
        }),
      ]),
    );
    expect(response.body.items.map((item: { subject: string }) => item.subject)).not.toContain("Elsewhere");
  });

  test("filters by status and kind, searches by address, pages", async () => {
    const opened = await api("GET", `${accountUrl()}?status=opened`, owner.token);
    expect(opened.body).toMatchObject({ total: 1, items: [{ kind: "campaign" }] });
    const campaignsOnly = await api("GET", `${accountUrl()}?kind=campaign`, owner.token);
    expect(campaignsOnly.body.total).toBe(1);
    const bob = await api("GET", `${accountUrl()}?query=BOB@`, owner.token);
    expect(bob.body.items.map((item: { to: string }) => item.to)).toEqual(["bob@example.test"]);
    const all = await api("GET", accountUrl(), owner.token);
    const page = await api("GET", `${accountUrl()}?limit=1&offset=1`, owner.token);
    expect(page.body.total).toBe(all.body.total);
    // By id: the outbox may deliver a queued mail between the two reads, which changes its status, not its place.
    const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);
    expect(ids(page.body)).toEqual([ids(all.body)[1]]);
    const beyond = await api("GET", `${accountUrl()}?offset=500`, owner.token);
    expect(beyond.body).toEqual({ items: [], total: all.body.total });
  });

  test("a guest's history holds only that guest's mails, of both kinds", async () => {
    const ada = await api("GET", guestUrl(scene.ada.id), owner.token);
    expect(ada.status).toBe(200);
    expect(ada.body.items.map((item: { kind: string; to: string }) => [item.kind, item.to])).toEqual([
      ["campaign", "ada@example.test"],
      ["transactional", "ada@example.test"],
    ]);
    const bob = await api("GET", guestUrl(scene.bob.id), reader.token);
    expect(bob.body).toMatchObject({ total: 1, items: [{ subject: "Thanks Bob" }] });
  });

  test("the account's history needs to see every event (Overseers); a reader or editor gets 403", async () => {
    expect((await api("GET", accountUrl(), reader.token)).status).toBe(403);
    expect((await api("GET", accountUrl(), scene.editor.token)).status).toBe(403);
  });

  test("another account's user gets 404", async () => {
    expect((await api("GET", accountUrl(), other.token)).status).toBe(404);
    expect((await api("GET", guestUrl(scene.ada.id), other.token)).status).toBe(404);
    const theirEvent = await insertEvent(t, other.accountId);
    expect((await api("GET", guestUrl(scene.ada.id, other.accountId, theirEvent.id), other.token)).status).toBe(404);
    // A guest id of another event of the same account: 404 too.
    const secondEvent = await insertEvent(t, owner.accountId);
    expect((await api("GET", guestUrl(scene.ada.id, owner.accountId, secondEvent.id), owner.token)).status).toBe(404);
  });
});

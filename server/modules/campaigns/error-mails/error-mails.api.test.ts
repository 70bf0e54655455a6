import { eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { tenantsForFile } from "../../../testing/fixtures.js";
import { testAppForFile } from "../../../testing/test-app.js";
import { accountsApi, auditRows, insertEvent } from "../../accounts/accounts.testing.js";
import { guests } from "../../guests/guests.tables.js";
import { errorMails } from "../campaigns.tables.js";
import { assertNotRejected, isRejected, recordErrorMail } from "./error-mails.service.js";

const t = testAppForFile();
const { owner, reader, other } = tenantsForFile(t);
const api = accountsApi(t);
const url = (accountId = owner.accountId) => `/accounts/${accountId}/errormails`;

describe("error mails", () => {
  let id: string;

  test("POST rejects an address (stored lower-cased); no mail of the account may go to it: 409 EMAIL_REJECTED", async () => {
    const response = await api("POST", url(), owner.token, { email: "Gone@Example.test", reason: "bounce" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ email: "gone@example.test", reason: "bounce", detail: "", campaignId: null });
    id = response.body.id;
    expect(await isRejected(t.context.db, owner.accountId, "GONE@example.test")).toBe(true);
    expect(await isRejected(t.context.db, other.accountId, "gone@example.test")).toBe(false);
    await expect(assertNotRejected(t.context.db, owner.accountId, "gone@example.test")).rejects.toMatchObject({
      status: 409,
      code: "EMAIL_REJECTED",
    });
    await expect(assertNotRejected(t.context.db, other.accountId, "gone@example.test")).resolves.toBeUndefined();
    const [audit] = await auditRows(t, owner.accountId, "campaigns.error_mail.created");
    expect(audit).toMatchObject({ targetId: id, after: { email: "gone@example.test", reason: "bounce" } });
  });

  test("EMAIL_REJECTED reads as the spec says, in each language", async () => {
    const { AppError } = await import("../../../platform/errors.js");
    const error = await assertNotRejected(t.context.db, owner.accountId, "gone@example.test").catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    const { translate } = await import("../../../../contract/error-messages.js");
    expect(translate("EMAIL_REJECTED", "en")).toBe("An email sent to this address has been rejected.");
  });

  test("recordErrorMail is an upsert: one row per address, the latest reason and detail win", async () => {
    const again = await recordErrorMail(t.context.db, {
      accountId: owner.accountId,
      email: "GONE@example.test",
      reason: "unsubscribed",
      detail: "list-unsubscribe",
    });
    expect(again).toBe(id);
    const rows = await t.context.db.select().from(errorMails).where(eq(errorMails.accountId, owner.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: "unsubscribed", detail: "list-unsubscribe" });
  });

  test("GET lists (paged, searched by address, filtered by reason) and reads one", async () => {
    await api("POST", url(), owner.token, { email: "spam-trap@other.test", reason: "complaint" });
    await api("POST", url(), owner.token, { email: "typo@exmaple.test", reason: "blocked", detail: "typo" });
    const all = await api("GET", url(), owner.token);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    const page = await api("GET", `${url()}?limit=2&offset=2`, owner.token);
    expect(page.body).toMatchObject({ total: 3, items: [expect.any(Object)] });
    const searched = await api("GET", `${url()}?query=EXMAPLE`, owner.token);
    expect(searched.body.items.map((item: { email: string }) => item.email)).toEqual(["typo@exmaple.test"]);
    const byReason = await api("GET", `${url()}?reason=complaint`, owner.token);
    expect(byReason.body.items.map((item: { email: string }) => item.email)).toEqual(["spam-trap@other.test"]);
    const one = await api("GET", `${url()}/${id}`, owner.token);
    expect(one.body).toMatchObject({ id, email: "gone@example.test" });
  });

  test("POST {id} changes the reason and note, audited", async () => {
    const response = await api("POST", `${url()}/${id}`, owner.token, { reason: "blocked", detail: "by hand" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ reason: "blocked", detail: "by hand" });
    const [audit] = await auditRows(t, owner.accountId, "campaigns.error_mail.updated");
    expect(audit).toMatchObject({
      before: { reason: "unsubscribed" },
      after: { reason: "blocked", detail: "by hand" },
    });
  });

  test("an invalid address or reason is refused", async () => {
    const bad = await api("POST", url(), owner.token, { email: "nope", reason: "bounce" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.email).toBe("Invalid email address.");
    expect((await api("POST", url(), owner.token, { email: "a@b.test", reason: "angry" })).status).toBe(400);
  });

  test("a reader reads but cannot reject, change or unlock an address", async () => {
    expect((await api("GET", url(), reader.token)).status).toBe(200);
    expect((await api("GET", `${url()}/${id}`, reader.token)).status).toBe(200);
    expect((await api("POST", url(), reader.token, { email: "r@example.test", reason: "bounce" })).status).toBe(403);
    expect((await api("POST", `${url()}/${id}`, reader.token, { detail: "x" })).status).toBe(403);
    expect((await api("DELETE", `${url()}/${id}`, reader.token)).status).toBe(403);
  });

  test("another account's user gets 404, on the account's path and with the id on its own", async () => {
    expect((await api("GET", url(), other.token)).status).toBe(404);
    expect((await api("GET", `${url()}/${id}`, other.token)).status).toBe(404);
    expect((await api("GET", `${url(other.accountId)}/${id}`, other.token)).status).toBe(404);
    expect((await api("DELETE", `${url(other.accountId)}/${id}`, other.token)).status).toBe(404);
    expect((await api("DELETE", `${url()}/${id}`, other.token)).status).toBe(404);
  });

  test("DELETE unlocks the address: its guests in the account lose the status that kept them out; audited", async () => {
    const event = await insertEvent(t, owner.accountId);
    const secondEvent = await insertEvent(t, owner.accountId);
    const otherEvent = await insertEvent(t, other.accountId);
    const made = await t.context.db
      .insert(guests)
      .values([
        { eventId: event.id, email: "Gone@example.test", mailStatus: "blocked", createdSource: "admin" },
        { eventId: event.id, email: "kept@example.test", mailStatus: "bounce", createdSource: "admin" },
        { eventId: secondEvent.id, email: "gone@example.test", mailStatus: "opened", createdSource: "admin" },
        { eventId: otherEvent.id, email: "gone@example.test", mailStatus: "unsubscribed", createdSource: "admin" },
      ])
      .returning({ id: guests.id });
    const response = await api("DELETE", `${url()}/${id}`, owner.token);
    expect(response.status).toBe(200);
    expect(await isRejected(t.context.db, owner.accountId, "gone@example.test")).toBe(false);
    const rows = await t.context.db
      .select({ id: guests.id, mailStatus: guests.mailStatus })
      .from(guests)
      .where(
        inArray(
          guests.id,
          made.map((row) => row.id),
        ),
      );
    const statusOf = new Map(rows.map((row) => [row.id, row.mailStatus]));
    expect(made.map((row) => statusOf.get(row.id))).toEqual([null, "bounce", "opened", "unsubscribed"]);
    const [audit] = await auditRows(t, owner.accountId, "campaigns.error_mail.unlocked");
    expect(audit).toMatchObject({ targetId: id, before: { email: "gone@example.test" }, after: { guestsUnlocked: 1 } });
    expect((await api("GET", `${url()}/${id}`, owner.token)).status).toBe(404);
  });
});

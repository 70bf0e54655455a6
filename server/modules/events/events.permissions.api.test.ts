import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth.js";
import { hashSecret, newSecret } from "../../platform/tokens.js";
import { addMember, addPlatformAdmin, registerAccount, type SignedIn } from "../../testing/fixtures.js";
import { madeBeforeAll, type TestResponse, testAppForFile } from "../../testing/test-app.js";
import { apiKeys } from "../accounts/accounts.tables.js";
import { apiKeyPrefix } from "../accounts/api-keys.service.js";
import { eventAdministrators, events } from "./events.tables.js";
import { createEvent, eventBody, eventsUrl, uniqueSlug } from "./events.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));
const colleague = madeBeforeAll(() => addMember(t, owner.accountId, "editor", "colleague"));
const callers: Partial<Record<AccountRole | "platformAdmin", SignedIn>> = {};

beforeAll(async () => {
  for (const role of ["overseer", "organizer", "editor", "reader"] as const) {
    callers[role] = await addMember(t, owner.accountId, role);
  }
  callers.platformAdmin = await addPlatformAdmin(t);
});

type Action = "list" | "create" | "read" | "update" | "archive" | "delete" | "duplicate" | "share";

/** Each action, run by `token` on an event `eventId` the caller has been given. */
const actions: Record<Action, (token: string, eventId: string) => Promise<TestResponse>> = {
  list: (token) => t.request({ method: "GET", url: eventsUrl(owner.accountId), token }),
  create: (token) => t.request({ method: "POST", url: eventsUrl(owner.accountId), token, body: eventBody() }),
  read: (token, id) => t.request({ method: "GET", url: `${eventsUrl(owner.accountId)}/${id}`, token }),
  update: (token, id) =>
    t.request({ method: "POST", url: `${eventsUrl(owner.accountId)}/${id}`, token, body: { name: "Updated" } }),
  archive: (token, id) =>
    t.request({ method: "POST", url: `${eventsUrl(owner.accountId)}/${id}`, token, body: { archived: true } }),
  delete: (token, id) => t.request({ method: "DELETE", url: `${eventsUrl(owner.accountId)}/${id}`, token }),
  duplicate: (token, id) =>
    t.request({
      method: "POST",
      url: `${eventsUrl(owner.accountId)}/${id}/duplicate`,
      token,
      body: { name: "Copy", slug: uniqueSlug() },
    }),
  share: (token, id) =>
    t.request({
      method: "PUT",
      url: `${eventsUrl(owner.accountId)}/${id}/administrators/${colleague.userId}`,
      token,
    }),
};

const expected: Record<AccountRole | "platformAdmin", Record<Action, number>> = {
  overseer: { list: 200, create: 201, read: 200, update: 200, archive: 200, delete: 200, duplicate: 201, share: 200 },
  organizer: { list: 200, create: 201, read: 200, update: 200, archive: 200, delete: 200, duplicate: 201, share: 200 },
  editor: { list: 200, create: 403, read: 200, update: 200, archive: 403, delete: 403, duplicate: 403, share: 403 },
  reader: { list: 200, create: 403, read: 200, update: 403, archive: 403, delete: 403, duplicate: 403, share: 403 },
  platformAdmin: {
    list: 200,
    create: 201,
    read: 200,
    update: 200,
    archive: 200,
    delete: 200,
    duplicate: 201,
    share: 200,
  },
};

const cases = Object.entries(expected).flatMap(([role, byAction]) =>
  Object.entries(byAction).map(([action, status]) => [role, action, status] as [keyof typeof expected, Action, number]),
);

describe("events permission matrix", () => {
  it.each(cases)("%s may %s: %i", async (role, action, status) => {
    const caller = callers[role];
    if (!caller) throw new Error(`no caller for ${role}`);
    const event = await createEvent(t, owner.token, owner.accountId);
    if (role !== "overseer" && role !== "platformAdmin") {
      const given = await t.request({
        method: "PUT",
        url: `${eventsUrl(owner.accountId)}/${event.id}/administrators/${caller.userId}`,
        token: owner.token,
      });
      expect(given.status).toBe(200);
    }
    const response = await actions[action](caller.token, event.id);
    expect(response.status).toBe(status);
    if (status === 403) {
      expect(response.body.error).toEqual({ code: "FORBIDDEN", message: "You are not allowed to do this." });
      const [stored] = await t.context.db.select().from(events).where(eq(events.id, event.id));
      expect(stored).toMatchObject({ name: event.name, archived: false });
    }
  });

  it("answers 403 in the caller's language", async () => {
    const response = await t.request({
      method: "POST",
      url: eventsUrl(owner.accountId),
      token: callers.reader?.token,
      body: eventBody(),
      language: "fr",
    });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe("Vous n'êtes pas autorisé à effectuer cette action.");
  });

  it("lets an API key act like an overseer: every event, archived ones too, created without an access row", async () => {
    const key = newSecret(apiKeyPrefix);
    await t.context.db
      .insert(apiKeys)
      .values({ accountId: owner.accountId, name: "CRM", prefix: key.slice(0, 8), keyHash: hashSecret(key) });
    const hidden = await createEvent(t, owner.token, owner.accountId);
    await actions.archive(owner.token, hidden.id);

    expect((await actions.read(key, hidden.id)).status).toBe(200);
    const created = await actions.create(key, "");
    expect(created.status).toBe(201);
    const [stored] = await t.context.db.select().from(events).where(eq(events.id, created.body.id));
    expect(stored?.createdBy).toBeNull();
    const rows = await t.context.db
      .select()
      .from(eventAdministrators)
      .where(eq(eventAdministrators.eventId, created.body.id));
    expect(rows).toEqual([]);
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, tenantsForFile } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { addGuest, guestEvent, scopeUrl } from "../guests/guests.testing.js";
import { messages } from "./messages.tables.js";
import { sendContact } from "./messages.testing.js";

const t = testAppForFile();
const { owner, reader, other } = tenantsForFile(t);
const editor = madeBeforeAll(() => addMember(t, owner.accountId, "editor"));

const request = (method: "GET" | "POST" | "DELETE", url: string, token = owner.token, body?: unknown) =>
  t.request({ method, url, token, body });

/** An event reachable by the reader and the editor, with three messages sent through the public form. */
async function inbox() {
  const event = await guestEvent(t, owner, {}, [reader.userId, editor.userId]);
  const url = `${scopeUrl(owner.accountId, event.id)}/messages`;
  const guest = await addGuest(t, owner.token, event.users, { firstName: "Grace", email: "grace@example.test" });
  const sent = [
    { name: "Hélène Durand", email: "helene@example.test", subject: "Parking", message: "Is there a car park?" },
    { name: "Grace Hopper", email: "GRACE@example.test", subject: "", message: "Can I bring my badge reader?" },
    { name: "Alan Turing", email: "alan@example.test", subject: "Meals", message: "Vegetarian, please." },
  ];
  for (const body of sent) {
    const response = await sendContact(t, event.slug, body, { language: "fr" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toEqual({ ok: true });
  }
  const list = await request("GET", url);
  const [alan, grace, helene] = list.body.items;
  return { event, url, guest, list, alan, grace, helene };
}

describe("messages inbox", () => {
  it("lists the messages newest first, with the sender's guest when the email is a guest's", async () => {
    const { url, guest, list, alan, grace, helene } = await inbox();
    expect(list.status).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.body.total).toBe(3);
    expect([alan.name, grace.name, helene.name]).toEqual(["Alan Turing", "Grace Hopper", "Hélène Durand"]);
    expect(grace).toMatchObject({ email: "grace@example.test", subject: null, guestId: guest.id, readAt: null });
    expect(helene).toMatchObject({ subject: "Parking", body: "Is there a car park?", language: "fr", guestId: null });

    const page = await request("GET", `${url}?limit=2&offset=2`);
    expect(page.body.total).toBe(3);
    expect(page.body.items.map((message: { id: string }) => message.id)).toEqual([helene.id]);
  });

  it("searches name, email, subject and text without minding accents or case, and filters the unread", async () => {
    const { url, grace, helene } = await inbox();
    const search = async (query: string) =>
      (await request("GET", `${url}?query=${encodeURIComponent(query)}`)).body.items.map(
        (message: { name: string }) => message.name,
      );
    expect(await search("HELENE")).toEqual(["Hélène Durand"]);
    expect(await search("alan@example")).toEqual(["Alan Turing"]);
    expect(await search("parking")).toEqual(["Hélène Durand"]);
    expect(await search("badge reader")).toEqual(["Grace Hopper"]);
    expect(await search("100%")).toEqual([]);

    expect((await request("POST", `${url}/${helene.id}/read`)).status).toBe(200);
    const unread = await request("GET", `${url}?unread=true`);
    expect(unread.body.items.map((message: { id: string }) => message.id)).not.toContain(helene.id);
    expect(unread.body.total).toBe(2);
    const read = await request("GET", `${url}?unread=false`);
    expect(read.body.items.map((message: { id: string }) => message.id)).toEqual([helene.id]);
    expect((await request("GET", `${url}?unread=true&query=grace`)).body.items[0].id).toBe(grace.id);
  });

  it("counts the unread, marks read and unread again, recording only changes of state", async () => {
    const { event, url, helene } = await inbox();
    expect((await request("GET", `${url}/unread`)).body).toEqual({ count: 3 });

    const opened = await request("GET", `${url}/${helene.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ id: helene.id, readAt: null });

    const marked = await request("POST", `${url}/${helene.id}/read`, editor.token);
    expect(marked.status).toBe(200);
    expect(marked.body.readAt).toEqual(expect.any(String));
    expect((await request("POST", `${url}/${helene.id}/read`)).body.readAt).toBe(marked.body.readAt);
    expect((await request("GET", `${url}/unread`)).body).toEqual({ count: 2 });

    const unmarked = await request("POST", `${url}/${helene.id}/read`, owner.token, { read: false });
    expect(unmarked.body.readAt).toBeNull();
    expect((await request("GET", `${url}/unread`)).body).toEqual({ count: 3 });

    const actions = await t.context.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.eventId, event.id), eq(auditLogs.targetId, helene.id)));
    expect(actions.map((row) => row.action).sort()).toEqual([
      "messages.message.read",
      "messages.message.received",
      "messages.message.unread",
    ]);
  });

  it("deletes a message with an audit row; a deleted or unknown message is 404", async () => {
    const { event, url, alan } = await inbox();
    const removed = await request("DELETE", `${url}/${alan.id}`, editor.token);
    expect(removed.status).toBe(200);
    expect(await t.context.db.select().from(messages).where(eq(messages.id, alan.id))).toEqual([]);
    expect((await request("GET", `${url}/${alan.id}`)).status).toBe(404);
    expect((await request("DELETE", `${url}/${alan.id}`)).status).toBe(404);
    expect((await request("POST", `${url}/${alan.id}/read`)).status).toBe(404);
    const [audit] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventId, event.id), eq(auditLogs.action, "messages.message.deleted")));
    expect(audit).toMatchObject({ targetId: alan.id, before: { name: "Alan Turing", email: "alan@example.test" } });
  });

  it("lets a Reader read the inbox but not mark or delete; another account gets 404 on everything", async () => {
    const { url, helene } = await inbox();
    expect((await request("GET", url, reader.token)).body.total).toBe(3);
    expect((await request("GET", `${url}/unread`, reader.token)).body).toEqual({ count: 3 });
    expect((await request("GET", `${url}/${helene.id}`, reader.token)).status).toBe(200);
    const refused = await request("POST", `${url}/${helene.id}/read`, reader.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    expect((await request("DELETE", `${url}/${helene.id}`, reader.token)).status).toBe(403);
    expect((await request("GET", `${url}/unread`)).body).toEqual({ count: 3 });

    for (const [method, path] of [
      ["GET", url],
      ["GET", `${url}/unread`],
      ["GET", `${url}/${helene.id}`],
      ["POST", `${url}/${helene.id}/read`],
      ["DELETE", `${url}/${helene.id}`],
    ] as const) {
      const response = await request(method, path, other.token);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    // Their own account's address with this event in it is no way in either.
    const crossed = url.replace(owner.accountId, other.accountId);
    expect((await request("GET", crossed, other.token)).status).toBe(404);
    expect((await t.request({ method: "GET", url })).status).toBe(401);
  });

  it("keeps a Reader without access to the event out of its inbox", async () => {
    const event = await guestEvent(t, owner);
    const outsider = await addMember(t, owner.accountId, "reader", "outsider");
    const url = `${scopeUrl(owner.accountId, event.id)}/messages`;
    expect((await request("GET", url, outsider.token)).status).toBe(404);
    expect((await request("GET", `${url}/unread`, outsider.token)).status).toBe(404);
  });
});

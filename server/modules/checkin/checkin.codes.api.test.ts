import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { client, madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditActions } from "../ticketing/catalogue/catalogue.testing.js";
import {
  checkinEvent,
  createAccessCode,
  createCheckinSession,
  deviceHeaders,
  joinWithCode,
} from "./checkin.testing.js";

const t = testAppForFile({ PUBLIC_URL: "https://events.example.test" });
const tenants = madeBeforeAll(() => registerTenants(t));
const owner = () => client(t, tenants.owner);
const reader = () => client(t, tenants.reader);
const other = () => client(t, tenants.other);

async function newSession(body: Record<string, unknown> = {}) {
  const event = await checkinEvent(t, tenants.owner, {}, [tenants.reader.userId]);
  const session = await createCheckinSession(t, tenants.owner.token, event, body);
  return { event, session };
}

const join = (code: string, address = "203.0.113.7", language?: string) =>
  t.request({
    method: "POST",
    url: "/api/v1/public/checkin/join",
    body: { code, label: "Door B" },
    headers: { "x-forwarded-for": address, "user-agent": "TestPhone/1.0" },
    language,
  });
const deviceSession = (token: string) =>
  t.request({ method: "GET", url: "/api/v1/public/checkin/session", headers: deviceHeaders(token) });

describe("access codes", () => {
  it("makes 8-character codes without look-alikes, shown XXXX-XXXX with the staff join link", async () => {
    const { event, session } = await newSession();
    const lastUrl = `${event.codes}/last?checkinId=${session.id}`;
    expect((await owner().get(lastUrl)).body).toBeNull();
    const first = await createAccessCode(t, tenants.owner.token, event, session.id);
    expect(first.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/);
    expect(first.joinUrl).toBe(`https://events.example.test/checkin?code=${first.code.replace("-", "")}`);
    const second = await createAccessCode(t, tenants.owner.token, event, session.id);
    expect(second.code).not.toBe(first.code);
    const last = await reader().get(lastUrl);
    expect(last.body).toMatchObject({ id: second.id, code: second.code, sessionId: session.id });
    expect(last.headers["cache-control"]).toBe("no-store");
    // The earlier code keeps working until it is deleted.
    expect((await join(first.code)).status).toBe(200);
    expect(await auditActions(t, first.id)).toEqual(["checkin.code.created"]);
  });

  it("lets staff join with a code however they type it, and lists their devices", async () => {
    const { event, session } = await newSession({ name: "East door" });
    const code = await createAccessCode(t, tenants.owner.token, event, session.id);
    const typed = ` ${code.code.replace("-", " ").toLowerCase()} `;
    const joined = await join(typed);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({
      session: { id: session.id, name: "East door", mode: "live", eventName: event.name, expected: 0, checkedIn: 0 },
    });
    expect(joined.body.deviceToken.length).toBeGreaterThanOrEqual(40);
    expect((await deviceSession(joined.body.deviceToken)).body.session.id).toBe(session.id);

    const devices = await reader().get(`${event.codes}/sessions?checkinId=${session.id}`);
    expect(devices.body).toMatchObject({ total: 1, items: [{ label: "Door B", userAgent: "TestPhone/1.0" }] });
  });

  it("refuses an unknown code in the staff's language, and an unknown device token", async () => {
    const unknown = await join("ZZZZ-ZZZZ", "203.0.113.8", "fr");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({
      code: "CHECKIN_CODE_INVALID",
      message: "Ce code d'accès n'est pas valide. Vérifiez-le auprès de l'organisateur.",
    });
    expect((await join("ABC", "203.0.113.8")).status).toBe(400);
    const forged = await deviceSession("x".repeat(43));
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe("CHECKIN_DEVICE_SIGNED_OUT");
    expect((await t.request({ method: "GET", url: "/api/v1/public/checkin/session" })).status).toBe(400);
  });

  it("limits joins per client address (429), whatever the codes tried", async () => {
    const address = "198.51.100.20";
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await join("ABCD-EFGH", address)).status).toBe(404);
    }
    const limited = await join("ABCD-EFGH", address);
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await join("ABCD-EFGH", "198.51.100.21")).status).toBe(404);
  });

  it("signs out the devices of a deleted code, and keeps the others", async () => {
    const { event, session } = await newSession();
    const revoked = await createAccessCode(t, tenants.owner.token, event, session.id);
    const kept = await createAccessCode(t, tenants.owner.token, event, session.id);
    const signedOut = await joinWithCode(t, revoked.code);
    const stays = await joinWithCode(t, kept.code);
    expect((await owner().delete(`${event.codes}/${revoked.id}`)).body).toEqual({ ok: true });
    const after = await deviceSession(signedOut.deviceToken);
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe(
      "This device is no longer connected to the session. Join it again with a new code.",
    );
    expect((await deviceSession(stays.deviceToken)).status).toBe(200);
    expect((await join(revoked.code)).status).toBe(404);
    expect((await owner().get(`${event.codes}/sessions?checkinId=${session.id}`)).body.total).toBe(1);
    expect(await auditActions(t, revoked.id)).toEqual(["checkin.code.created", "checkin.code.deleted"]);
    // A deleted session takes its devices with it.
    await owner().delete(`${event.sessions}/${session.id}`);
    expect((await deviceSession(stays.deviceToken)).status).toBe(401);
  });

  it("lets a reader see codes and devices but not make or revoke them; another account gets 404", async () => {
    const { event, session } = await newSession();
    const code = await createAccessCode(t, tenants.owner.token, event, session.id);
    expect((await reader().post(event.codes, { checkinId: session.id })).status).toBe(403);
    expect((await reader().delete(`${event.codes}/${code.id}`)).status).toBe(403);
    for (const response of [
      await other().get(`${event.codes}/last?checkinId=${session.id}`),
      await other().get(`${event.codes}/sessions?checkinId=${session.id}`),
      await other().post(event.codes, { checkinId: session.id }),
      await other().delete(`${event.codes}/${code.id}`),
    ]) {
      expect(response.status).toBe(404);
    }
    // A code or session of another event of the account is not found through this event.
    const second = await checkinEvent(t, tenants.owner);
    expect((await owner().delete(`${second.codes}/${code.id}`)).status).toBe(404);
    expect((await owner().post(second.codes, { checkinId: session.id })).status).toBe(404);
    expect((await owner().get(`${second.codes}/last?checkinId=${session.id}`)).status).toBe(404);
  });
});

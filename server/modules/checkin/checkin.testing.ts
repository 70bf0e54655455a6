import type { TestApp } from "../../testing/test-app.js";
import { addGuest, guestEvent } from "../guests/guests.testing.js";

/**
 * Helpers shared by the check-in API tests (sessions, codes, scans, sync, statistics, live): an event with guests,
 * its sessions, an access code and a joined staff device. Their signatures stay stable: other test files build on them.
 */

export type CheckinEvent = Awaited<ReturnType<typeof checkinEvent>>;

/** An event of the owner's account with its check-in URLs, reachable by `readerIds` (organizers given access). */
export async function checkinEvent(
  t: TestApp,
  owner: { token: string; accountId: string },
  overrides: Record<string, unknown> = {},
  readerIds: string[] = [],
) {
  const event = await guestEvent(t, owner, overrides, readerIds);
  const base = `/api/v1/events/${owner.accountId}/${event.id}`;
  return { ...event, base, sessions: `${base}/checkins`, codes: `${base}/checkincodes` };
}

/** Guests added through the API, named `<label> 1`, `<label> 2`…, each with its own email; `extra` goes in every body. */
export async function addGuests(
  t: TestApp,
  token: string,
  event: { users: string },
  count: number,
  extra: Record<string, unknown> = {},
  label = "Guest",
) {
  const made: ({ id: string } & Record<string, unknown>)[] = [];
  for (let index = 1; index <= count; index++) {
    const email = `${label.toLowerCase().replace(/\W+/g, "-")}-${index}-${Math.random().toString(36).slice(2, 8)}@example.test`;
    made.push(await addGuest(t, token, event.users, { firstName: label, lastName: String(index), email, ...extra }));
  }
  return made;
}

/** A session made through the API (live by default), failing loudly when it cannot. */
export async function createCheckinSession(
  t: TestApp,
  token: string,
  event: { sessions: string },
  body: Record<string, unknown> = {},
) {
  const response = await t.request({
    method: "POST",
    url: event.sessions,
    token,
    body: { name: "Main door", mode: "live", ...body },
  });
  if (response.status !== 201) throw new Error(`session creation failed: ${JSON.stringify(response.body)}`);
  return response.body as { id: string; name: string; mode: "live" | "offline" } & Record<string, unknown>;
}

/** A new access code of the session: `code` as shown (XXXX-XXXX), `joinUrl` the staff page with the code. */
export async function createAccessCode(t: TestApp, token: string, event: { codes: string }, sessionId: string) {
  const response = await t.request({ method: "POST", url: event.codes, token, body: { checkinId: sessionId } });
  if (response.status !== 201) throw new Error(`code creation failed: ${JSON.stringify(response.body)}`);
  return response.body as { id: string; sessionId: string; code: string; joinUrl: string; createdAt: string };
}

/** A staff phone joining with a code (from its own client address, so joins of a file share no rate-limit budget). */
export async function joinWithCode(t: TestApp, code: string, label = "Door phone") {
  const response = await t.request({
    method: "POST",
    url: "/api/v1/public/checkin/join",
    body: { code, label },
    headers: { "x-forwarded-for": `10.${randomOctet()}.${randomOctet()}.${randomOctet()}` },
  });
  if (response.status !== 200) throw new Error(`join failed: ${JSON.stringify(response.body)}`);
  return response.body as { deviceToken: string; session: { id: string; name: string } & Record<string, unknown> };
}

const randomOctet = () => Math.floor(Math.random() * 254) + 1;

/** The headers of a staff device's calls. */
export const deviceHeaders = (deviceToken: string) => ({ "x-checkin-device": deviceToken });

/**
 * The usual scene of a check-in test: an event with `guests` guests, one session (`session` overrides its body), an
 * access code and a device joined with it.
 */
export async function checkinScene(
  t: TestApp,
  owner: { token: string; accountId: string },
  options: { guests?: number; session?: Record<string, unknown>; event?: Record<string, unknown> } = {},
) {
  const event = await checkinEvent(t, owner, options.event);
  const guests = await addGuests(t, owner.token, event, options.guests ?? 3);
  const session = await createCheckinSession(t, owner.token, event, options.session);
  const code = await createAccessCode(t, owner.token, event, session.id);
  const { deviceToken } = await joinWithCode(t, code.code);
  return { event, guests, session, code, deviceToken, headers: deviceHeaders(deviceToken) };
}

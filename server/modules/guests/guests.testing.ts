import type { TestApp } from "../../testing/test-app.js";
import { createEvent, eventsUrl } from "../events/events.testing.js";

/** Helpers shared by the guests API tests. */

export const scopeUrl = (accountId: string, eventId: string) => `/api/v1/events/${accountId}/${eventId}`;

/** An event of the account with its URLs, reachable by `readerIds` as organizers given access one by one. */
export async function guestEvent(
  t: TestApp,
  owner: { token: string; accountId: string },
  overrides: Record<string, unknown> = {},
  readerIds: string[] = [],
) {
  const event = await createEvent(t, owner.token, owner.accountId, overrides);
  for (const userId of readerIds) {
    const url = `${eventsUrl(owner.accountId)}/${event.id}/administrators/${userId}`;
    const response = await t.request({ method: "PUT", url, token: owner.token });
    if (response.status !== 200) throw new Error(`access grant failed: ${JSON.stringify(response.body)}`);
  }
  const base = scopeUrl(owner.accountId, event.id);
  return { ...event, users: `${base}/users`, fields: `${base}/customfields` };
}

/** Creates a guest through the API and fails loudly when it cannot. */
export async function addGuest(t: TestApp, token: string, usersUrl: string, body: Record<string, unknown>) {
  const response = await t.request({ method: "POST", url: usersUrl, token, body });
  if (response.status !== 201) throw new Error(`guest creation failed: ${JSON.stringify(response.body)}`);
  return response.body as { id: string } & Record<string, unknown>;
}

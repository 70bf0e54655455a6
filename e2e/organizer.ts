import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** Event fields a journey may set beyond the name, URL and start date (the API's create body). */
type EventExtras = { languages?: ("fr" | "en" | "es")[]; preferredLanguage?: "fr" | "en" | "es" };

/**
 * A new organizer and their event, straight through the API: the account journey already covers their screens.
 * `journey` names the organizer's address so a failing run's mails are easy to tell apart in /dev/mailbox.
 */
export async function createEventThroughApi(
  request: APIRequestContext,
  id: string,
  { journey = "guests", event = {} }: { journey?: string; event?: EventExtras } = {},
) {
  const password = "Str0ng&Secure-pass";
  const registered = await request.post("/api/v1/auth/register", {
    data: {
      email: `e2e-${journey}-${id}@example.test`,
      password,
      passwordConfirmation: password,
      firstName: "Camille",
      lastName: "Martin",
      accountName: `Agence ${id}`,
      language: "en",
    },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get("/api/v1/auth/me", { headers })).json()) as {
    memberships: { accountId: string }[];
  };
  const accountId = me.memberships[0]?.accountId;
  const startsAt = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
  const slug = `gala-${id}`;
  const name = `Gala ${id}`;
  const created = await request.post(`/api/v1/accounts/${accountId}/events`, {
    headers,
    data: { name, slug, startsAt, ...event },
  });
  expect(created.status()).toBe(201);
  const { id: eventId } = (await created.json()) as { id: string };
  return { token, accountId, eventId, slug, name };
}

/** Opens the back office signed in with the session `token` (as the sign-in page would keep it). */
export async function signInWithToken(page: Page, token: string) {
  await page.addInitScript((session) => localStorage.setItem("ep.session", session), token);
}

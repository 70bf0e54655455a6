import type { TestApp } from "../../../testing/test-app.js";
import { formBody } from "../../forms/forms.testing.js";
import { guestEvent, scopeUrl } from "../../guests/guests.testing.js";

/** Helpers shared by the billing, params and ticket office API tests. */

/** An event of the owner's account with its billing URLs (organizers given access by id). */
export async function billingEvent(
  t: TestApp,
  owner: { token: string; accountId: string },
  overrides: Record<string, unknown> = {},
  memberIds: string[] = [],
) {
  const event = await guestEvent(t, owner, overrides, memberIds);
  const base = scopeUrl(owner.accountId, event.id);
  return {
    ...event,
    organizers: `${base}/organizers`,
    params: `${base}/ticketingparams`,
    terms: `${base}/ticketingparams/terms`,
    forms: `${base}/forms`,
    public: `/api/v1/public/events/${event.slug}/ticketing`,
  };
}

/** A POST that must succeed; fails loudly with the answer otherwise. */
export async function posted(t: TestApp, token: string, url: string, body: unknown, status = 200) {
  const response = await t.request({ method: "POST", url, token, body });
  if (response.status !== status) throw new Error(`POST ${url} failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Creates a registration form and puts it online, as the forms builder does. */
export async function publishRegistrationForm(t: TestApp, token: string, formsUrl: string) {
  const form = await posted(t, token, formsUrl, formBody(), 201);
  await posted(t, token, `${formsUrl}/${form.id}/options`, { online: true });
  return form as { id: string };
}

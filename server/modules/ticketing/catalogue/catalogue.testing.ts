import { eq } from "drizzle-orm";
import type { TestApp } from "../../../testing/test-app.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { guestEvent, scopeUrl } from "../../guests/guests.testing.js";

/** Helpers shared by the catalogue API tests. */

/** An event of the owner's account with its catalogue URLs (readers given access by id). */
export async function catalogueEvent(
  t: TestApp,
  owner: { token: string; accountId: string },
  overrides: Record<string, unknown> = {},
  readerIds: string[] = [],
) {
  const event = await guestEvent(t, owner, overrides, readerIds);
  const base = scopeUrl(owner.accountId, event.id);
  return {
    ...event,
    tickets: `${base}/tickets`,
    categories: `${base}/categories`,
    coupons: `${base}/coupons`,
    discounts: `${base}/discounts`,
  };
}

/** A valid ticket body: an English caption (the default language of a new event) and one open-ended price. */
export function ticketBody(overrides: Record<string, unknown> = {}) {
  return {
    caption: { en: "Entry", fr: "Entrée" },
    taxPercent: 20,
    pricePeriods: [{ startsAt: null, endsAt: null, priceCents: 1200, priceBasis: "incl" }],
    ...overrides,
  };
}

/** Creates something through the API and fails loudly when it cannot. */
export async function created(t: TestApp, token: string, url: string, body: unknown) {
  const response = await t.request({ method: "POST", url, token, body });
  if (response.status !== 201) throw new Error(`creation failed at ${url}: ${JSON.stringify(response.body)}`);
  return response.body as { id: string } & Record<string, unknown>;
}

/** The audit actions written about one target, oldest first. */
export async function auditActions(t: TestApp, targetId: string) {
  const rows = await t.context.db.select().from(auditLogs).where(eq(auditLogs.targetId, targetId));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.action);
}

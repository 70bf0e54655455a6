import { and, eq, inArray, ne, notInArray } from "drizzle-orm";
import type { Executor } from "../../db/connection.js";
import { AppError, fieldError } from "../../platform/errors.js";
import { accounts } from "../accounts/accounts.tables.js";
import { eventDomains } from "./events.tables.js";

/** Where a listed domain sits in the form: its field. */
const domainField = (domains: string[], domain: string) => `customDomains.${domains.indexOf(domain)}`;

const domainTaken = (domains: string[], domain: string) =>
  new AppError(409, "EVENT_DOMAIN_TAKEN", {
    values: [domain],
    fields: { [domainField(domains, domain)]: { code: "EVENT_DOMAIN_TAKEN", values: [domain] } },
  });

/**
 * Writes an event's custom domains to `event_domains`, in the transaction that saves the event. A domain is the
 * platform's own host (its pages answer there already), another event's, or an account's default domain (the host
 * would name two sites): refused, naming it. Two events saving one domain at once: the key makes the second wait
 * for the first, then find the domain taken.
 */
export async function saveEventDomains(executor: Executor, eventId: string, domains: string[], publicUrl: string) {
  const platformHost = new URL(publicUrl).hostname;
  if (domains.includes(platformHost)) {
    throw fieldError(domainField(domains, platformHost), "EVENT_DOMAIN_PLATFORM", platformHost);
  }
  await executor
    .delete(eventDomains)
    .where(
      and(eq(eventDomains.eventId, eventId), domains.length > 0 ? notInArray(eventDomains.domain, domains) : undefined),
    );
  if (domains.length === 0) return;
  const [accountDomain] = await executor
    .select({ domain: accounts.defaultDomain })
    .from(accounts)
    .where(inArray(accounts.defaultDomain, domains))
    .limit(1);
  if (accountDomain?.domain) throw domainTaken(domains, accountDomain.domain);
  await executor
    .insert(eventDomains)
    .values(domains.map((domain) => ({ domain, eventId })))
    .onConflictDoNothing();
  const [held] = await executor
    .select({ domain: eventDomains.domain })
    .from(eventDomains)
    .where(and(inArray(eventDomains.domain, domains), ne(eventDomains.eventId, eventId)))
    .limit(1);
  if (held) throw domainTaken(domains, held.domain);
}

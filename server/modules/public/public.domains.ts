import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/connection.js";
import { accounts } from "../accounts/accounts.tables.js";
import { eventDomains, events } from "../events/events.tables.js";

/**
 * The site a page request's host names: an event's custom domain (its public pages at the root) or an account's
 * default domain (its events' pages under `/{event}`, its back office). Any other host, the platform's address
 * among them, is the whole platform.
 */
export type Site = { accountId: string; eventSlug: string | null };

/**
 * The host the browser asked for, lower-cased and without a port or the root's final dot. Fastify reads it from
 * X-Forwarded-Host only when the connection comes from a trusted proxy (TRUST_PROXY), else from Host.
 */
export const requestHost = (request: FastifyRequest) => request.hostname.toLowerCase().replace(/\.$/, "");

export async function siteOfHost(db: Database, host: string): Promise<Site | null> {
  const [event] = await db
    .select({ accountId: events.accountId, eventSlug: events.slug })
    .from(eventDomains)
    .innerJoin(events, eq(events.id, eventDomains.eventId))
    .where(eq(eventDomains.domain, host));
  if (event) return event;
  const [account] = await db
    .select({ accountId: accounts.id })
    .from(accounts)
    .where(eq(accounts.defaultDomain, host))
    .limit(1);
  return account ? { accountId: account.accountId, eventSlug: null } : null;
}

/** First segments that keep their platform path on an event's domain: the back office and the staff's scanning app. */
const platformSegments = ["admin", "checkin"];

/**
 * The platform path of a page asked on an event's own domain, where the event sits at the root: `/register` is
 * `/{event}/register`, `/fr` is `/fr/{event}`. The API, the back office and the check-in app keep their paths.
 */
export function eventDomainPath(url: string, slug: string): string {
  const queryAt = url.search(/[?#]/);
  const [pathPart, rest] = queryAt === -1 ? [url, ""] : [url.slice(0, queryAt), url.slice(queryAt)];
  const segments = pathPart.split("/").filter(Boolean);
  const first = segments[0] ?? "";
  const language = first.length === 2;
  const page = language ? segments[1] : first;
  if (first === "api" || (page !== undefined && platformSegments.includes(page))) return url;
  segments.splice(language ? 1 : 0, 0, slug);
  return `/${segments.join("/")}${rest}`;
}

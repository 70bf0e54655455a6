import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { type Database, rowsOf } from "../../db/connection.js";
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

/**
 * One read per page load: an event's custom domain first, else an account's default domain (both unique, so at most
 * one row of each).
 */
export async function siteOfHost(db: Database, host: string): Promise<Site | null> {
  const [site] = await rowsOf<Site>(
    db,
    sql`select * from (
        select ${events.accountId} as "accountId", ${events.slug} as "eventSlug", 0 as rank
          from ${eventDomains} join ${events} on ${events.id} = ${eventDomains.eventId}
          where ${eventDomains.domain} = ${host}
        union all
        select ${accounts.id}, null, 1 from ${accounts} where ${accounts.defaultDomain} = ${host}
      ) as sites order by rank limit 1`,
  );
  return site ? { accountId: site.accountId, eventSlug: site.eventSlug } : null;
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

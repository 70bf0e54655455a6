import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { DuplicateReason, duplicateList, duplicateListQuery } from "../../../../contract/guest-duplicates.js";
import { rowsOf } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { recordAudit } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { toGuests } from "../guests.list.js";
import { guests } from "../guests.tables.js";
import { duplicateDecisions } from "./duplicates.tables.js";

/**
 * Keys come out of `search_text`, which holds `searchable(first last email company)`: the names are its start and
 * the company its end, already lower-cased and unaccented by the one normalizer (folding accents in SQL with
 * translate() costs seconds at 100,000 guests). Folding keeps a precomposed letter one letter long, so the lengths
 * of the raw fields cut it right.
 */
const nameKey = sql`nullif(btrim(left(${guests.searchText}, length(${guests.firstName}) + 1 + length(${guests.lastName}))), '')`;
const companyKey = sql`nullif(btrim(right(${guests.searchText}, length(${guests.company}))), '')`;
/** The last nine digits: 06 12 34 56 78 and +33 6 12 34 56 78 are one number. */
const phoneKey = sql`right(translate(${guests.phone}, ' .-+()/', ''), 9)`;

/**
 * One pass over the event's guests computes each guest's keys; each reason groups guests by its key (hash
 * aggregates), and pairs are only drawn inside a group: the cost follows the guests and the pairs found, never
 * guests squared. Ids are compared as uuids, the order decisions are stored in.
 */
function pairsQuery(eventId: string) {
  return sql`keyed as materialized (
      select ${guests.id} as id,
        nullif(lower(btrim(coalesce(${guests.email}, ''))), '') as email_key,
        ${nameKey} as name_key, ${companyKey} as company_key, ${phoneKey} as phone_key
      from ${guests} where ${guests.eventId} = ${eventId}
    ),
    groups as (
      select 'email' as reason, array_agg(id) as ids from keyed
        where email_key is not null group by email_key having count(*) > 1
      union all
      select 'name_company', array_agg(id) from keyed
        where name_key is not null and company_key is not null group by name_key, company_key having count(*) > 1
      union all
      select 'name_phone', array_agg(id) from keyed
        where name_key is not null and phone_key ~ '^[0-9]{9}$' group by name_key, phone_key having count(*) > 1
    ),
    pairs as (
      select a.id as id1, b.id as id2, reason from groups, unnest(ids) as a(id), unnest(ids) as b(id) where a.id < b.id
    ),
    grouped as materialized (
      select id1, id2, array_agg(reason order by reason) as reasons from pairs
      where not exists (select 1 from ${duplicateDecisions} d
        where d.event_id = ${eventId} and d.guest_a = pairs.id1 and d.guest_b = pairs.id2)
      group by id1, id2
    )`;
}

type PairRow = { id1: string; id2: string; reasons: DuplicateReason[] };

/** GET duplicates/getDuplicatesJson: pairs not yet merged nor ignored, ordered by the first guest's name. */
export async function listDuplicates(
  context: AppContext,
  eventId: string,
  { limit, offset }: z.infer<typeof duplicateListQuery>,
): Promise<z.infer<typeof duplicateList>> {
  const [result] = await rowsOf<{ total: number; page: PairRow[] }>(
    context.db,
    sql`with ${pairsQuery(eventId)}
      select (select count(*)::int from grouped) as total,
        (select coalesce(json_agg(json_build_object('id1', id1, 'id2', id2, 'reasons', reasons)), '[]'::json) from (
          select g.* from grouped g join ${guests} on ${guests.id} = g.id1
          order by ${guests.lastName}, ${guests.firstName}, g.id1, g.id2 limit ${limit} offset ${offset}
        ) page) as page`,
  );
  const page = result?.page ?? [];
  const ids = [...new Set(page.flatMap((pair) => [pair.id1, pair.id2]))];
  const rows =
    ids.length === 0
      ? []
      : await context.db
          .select()
          .from(guests)
          .where(and(eq(guests.eventId, eventId), inArray(guests.id, ids)));
  const byId = new Map((await toGuests(context.db, rows)).map((guest) => [guest.id, guest]));
  const items = page.flatMap(({ id1, id2, reasons }) => {
    const user1 = byId.get(id1);
    const user2 = byId.get(id2);
    return user1 && user2 ? [{ user1, user2, reasons }] : [];
  });
  return { items, total: result?.total ?? 0 };
}

/** Decisions store a pair smaller id first, the order the detection compares uuids in. */
export const orderedPair = (one: string, two: string): [string, string] => (one < two ? [one, two] : [two, one]);

/** POST duplicates/deleteJson: the pairs are "not duplicates" and never proposed again. */
export async function ignoreDuplicates(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  selected: [string, string][],
) {
  return context.db.transaction(async (tx) => {
    const pairs = selected.filter(([one, two]) => one !== two).map(([one, two]) => orderedPair(one, two));
    const ids = [...new Set(pairs.flat())];
    const found =
      ids.length === 0
        ? []
        : await tx
            .select({ id: guests.id })
            .from(guests)
            .where(and(eq(guests.eventId, eventId), inArray(guests.id, ids)));
    const known = new Set(found.map((row) => row.id));
    // A pair naming a guest of another event is left out: it cannot be one of this event's duplicates.
    const kept = pairs.filter(([one, two]) => known.has(one) && known.has(two));
    if (kept.length === 0) return { ignored: 0 };
    const decidedBy = access.principal.kind === "user" ? access.principal.userId : null;
    const inserted = await tx
      .insert(duplicateDecisions)
      .values(kept.map(([guestA, guestB]) => ({ eventId, guestA, guestB, decision: "ignored" as const, decidedBy })))
      .onConflictDoNothing()
      .returning({ guestA: duplicateDecisions.guestA, guestB: duplicateDecisions.guestB });
    for (const pair of inserted) {
      await recordAudit(
        tx,
        access.principal,
        {
          accountId: access.accountId,
          eventId,
          action: "guests.duplicate.ignored",
          targetType: "guest",
          targetId: pair.guestA,
          after: { user1: pair.guestA, user2: pair.guestB },
        },
        ip,
      );
    }
    return { ignored: inserted.length };
  });
}

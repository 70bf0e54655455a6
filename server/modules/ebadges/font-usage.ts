import { and, count, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/context.js";
import { events } from "../events/events.tables.js";
import { ebadges } from "./ebadges.tables.js";

/** How many e-badges of the account's events have a block drawn in the font (the fonts module's `fontUsage` hook). */
export async function fontUsage(context: AppContext, accountId: string, fontId: string): Promise<number> {
  const [used] = await context.db
    .select({ n: count() })
    .from(ebadges)
    .innerJoin(events, eq(events.id, ebadges.eventId))
    .where(
      and(
        eq(events.accountId, accountId),
        sql`exists (select 1 from jsonb_array_elements(${ebadges.blocks}) block where block ->> 'fontId' = ${fontId})`,
      ),
    );
  return used?.n ?? 0;
}

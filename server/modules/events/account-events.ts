import { and, eq, inArray, sql } from "drizzle-orm";
import type { ModuleHooks } from "../../platform/context.js";
import { eventAdministrators, events, eventTeams } from "./events.tables.js";

/** What the accounts module (below this one) asks about an account's events. */
export const accountEvents: ModuleHooks["accountEvents"] = {
  async count(executor, accountId) {
    const [row] = await executor
      .select({ count: sql<number>`count(*)::int` })
      .from(events)
      .where(eq(events.accountId, accountId));
    return row?.count ?? 0;
  },
  async countByTeam(executor, teamIds) {
    const rows = await executor
      .select({ teamId: eventTeams.teamId, count: sql<number>`count(*)::int` })
      .from(eventTeams)
      .where(inArray(eventTeams.teamId, teamIds))
      .groupBy(eventTeams.teamId);
    return new Map(rows.map((row) => [row.teamId, row.count]));
  },
  async removeMember(tx, accountId, userId) {
    await tx
      .delete(eventAdministrators)
      .where(
        and(
          eq(eventAdministrators.userId, userId),
          inArray(
            eventAdministrators.eventId,
            tx.select({ id: events.id }).from(events).where(eq(events.accountId, accountId)),
          ),
        ),
      );
  },
};

import { randomBytes } from "node:crypto";
import type { TestApp } from "../../testing/test-app.js";
import { teamMembers, teams } from "../accounts/accounts.tables.js";

/** Helpers shared by the events API tests. */

const hour = 3_600_000;
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

export const uniqueSlug = (label = "event") => `${label}-${randomBytes(4).toString("hex")}`;

export const eventsUrl = (accountId: string) => `/api/v1/accounts/${accountId}/events`;

/** A valid creation body: an upcoming event next week, with a URL of its own. */
export function eventBody(overrides: Record<string, unknown> = {}) {
  return { name: "Spring gala", slug: uniqueSlug(), startsAt: hoursFromNow(24 * 7), ...overrides };
}

/** Creates an event through the API and fails the test loudly when it cannot. */
export async function createEvent(
  t: TestApp,
  token: string,
  accountId: string,
  overrides: Record<string, unknown> = {},
) {
  const response = await t.request({ method: "POST", url: eventsUrl(accountId), token, body: eventBody(overrides) });
  if (response.status !== 201) throw new Error(`event creation failed: ${JSON.stringify(response.body)}`);
  return response.body as { id: string; slug: string; name: string };
}

/** A team with members, written straight to the database: the teams routes belong to the accounts module. */
export async function addTeam(t: TestApp, accountId: string, name: string, memberIds: string[] = []) {
  const [team] = await t.context.db.insert(teams).values({ accountId, name }).returning();
  if (!team) throw new Error("team insert failed");
  if (memberIds.length > 0) {
    await t.context.db.insert(teamMembers).values(memberIds.map((userId) => ({ teamId: team.id, userId })));
  }
  return team;
}

import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerAccount } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { addGuest, guestEvent } from "./guests.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));

// The shared Database type leaves the raw result of both drivers untyped; both carry `rows`.
type Rows = { rows: unknown[] };
const rowsOf = async (query: SQL) => ((await t.context.db.execute(query)) as Rows).rows;

type Page = { items: { lastName: string; firstName: string }[]; total: number };
const names = (body: Page) => body.items.map((guest) => `${guest.firstName} ${guest.lastName}`);

describe("guest search: trigram index", () => {
  it("loads pg_trgm and lets the search pattern use the trigram index on either database", async () => {
    const extensions = await rowsOf(sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect(extensions).toEqual([{ extname: "pg_trgm" }]);
    // A few rows: the planner would read the table anyway; forbidding that shows the index serves `ilike '%…%'`.
    const plan = await t.context.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute(sql`explain select id from guests where search_text ilike '%elene%'`)) as Rows;
    });
    expect(JSON.stringify(plan.rows)).toContain("guests_search_trgm");
  });

  it("sorts and pages the matches of a search like the rest of the list", async () => {
    const event = await guestEvent(t, owner);
    for (const [firstName, lastName, status] of [
      ["Hélène", "Martin", "confirmed"],
      ["Paul", "Martinez", "confirmed"],
      ["Anne", "Amartin", "refused"],
      ["Zoé", "Bernard", "confirmed"],
      ["Luc", "Marti", "confirmed"],
      ["Marc", "Zmartin", "confirmed"],
    ] as const) {
      await addGuest(t, owner.token, event.users, { firstName, lastName, status });
    }
    const list = async (query: string) => {
      const response = await t.request({ method: "GET", url: `${event.users}?${query}`, token: owner.token });
      expect(response.status).toBe(200);
      return response.body as Page;
    };

    const ascending = await list("query=MARTIN");
    expect(names(ascending)).toEqual(["Anne Amartin", "Hélène Martin", "Paul Martinez", "Marc Zmartin"]);
    expect(ascending.total).toBe(4);

    const descending = await list("query=martin&status=confirmed&sort=firstName&direction=desc&limit=2&offset=1");
    expect(names(descending)).toEqual(["Marc Zmartin", "Hélène Martin"]);
    expect(descending.total).toBe(3);

    const accents = await list("query=helene%20mart");
    expect(names(accents)).toEqual(["Hélène Martin"]);
    expect((await list("query=nobody")).total).toBe(0);
  });
});

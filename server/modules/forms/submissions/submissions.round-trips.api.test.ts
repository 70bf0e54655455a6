import { describe, expect, it } from "vitest";
import { registerAccount } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppCountingRoundTrips } from "../../../testing/test-app.js";
import { guestEvent } from "../../guests/guests.testing.js";
import { answer, insertForm, question, submit, uniqueEmail } from "./submissions.testing.js";

/*
 * The round trips to PostgreSQL of a registration, and the statements it runs, counted by a proxy between the server
 * and the database (as sale.round-trips.api.test.ts counts a cart's): each count is the least of a few runs, the job
 * runner's polls sharing the connections.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const { t, counter } = testAppCountingRoundTrips({ PUBLIC_FORM_POSTS_PER_MINUTE: "100000" });
const owner = madeBeforeAll(() => registerAccount(t));

describe.skipIf(!serverUrl)("a registration's round trips to PostgreSQL", () => {
  // The hits counted; `begin` with the event and its form; the guest of the email; the guest written; the
  // confirmation's settings (auto-mail, rejected address, badges attached); the submission, audit row and mail (one
  // statement) sent with the quota's count, which is read (a quota filled is refused); `commit`.
  it("takes 7 round trips and 9 statements", async () => {
    const event = await guestEvent(t, owner);
    const items = [question("session", "unique_choice", { required: true, answers: [answer("morning", 100_000)] })];
    const form = await insertForm(t, event.id, { items });
    const register = async () => {
      const sent = await submit(t, event.slug, form.id, { mail: uniqueEmail("trips"), items: { session: "morning" } });
      expect(sent.status).toBe(201);
    };
    // The pool's connections opened, and each statement prepared on them, before counting.
    for (let warm = 0; warm < 3; warm++) await register();
    expect(await counter().fewest(5, register)).toEqual({ roundTrips: 7, statements: 9 });
  });
});

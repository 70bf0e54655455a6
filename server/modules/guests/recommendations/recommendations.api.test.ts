import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantsForFile } from "../../../testing/fixtures.js";
import { callsAs, testAppForFile } from "../../../testing/test-app.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { memberSessionOf } from "../../public/public.testing.js";
import { guests } from "../guests.tables.js";
import { addGuest, guestEvent } from "../guests.testing.js";
import { recommendationRateLimit } from "./recommendations.service.js";
import { recommendations } from "./recommendations.tables.js";

const t = testAppForFile();
const { owner, reader, other } = tenantsForFile(t);
let ipCounter = 0;

const { get } = callsAs(t, () => owner);
type Sender = { token?: string; ip?: string; language?: string };
/** Each test sends from its own address so the rate limit of one does not leak into another. */
const send = (url: string, body: unknown, { token, ip = `10.0.0.${++ipCounter}`, language }: Sender = {}) =>
  t.request({ method: "POST", url, body, token, language, headers: { "x-forwarded-for": ip } });

/** An event with a guest signed in to its member area (`member`, their session), who recommends people. */
async function recommendationEvent() {
  const event = await guestEvent(t, owner, {}, [reader.userId]);
  const email = `rita-${++ipCounter}@example.test`;
  const recommender = await addGuest(t, owner.token, event.users, { firstName: "Rita", lastName: "Reco", email });
  const admin = `/${event.slug}/admin/recommendations`;
  return {
    ...event,
    recommender,
    member: await memberSessionOf(t, event.slug, email),
    add: `/${event.slug}/recommendations/addRecommendationsJson`,
    mine: (id: string) => `/${event.slug}/recommendations/getRecommendationsJson/${id}`,
    all: `${admin}/getAllRecommendationsJson`,
    accept: (id: string) => `${admin}/acceptRecommendationJson/${id}`,
    refuse: (id: string) => `${admin}/refuseRecommendationJson/${id}`,
  };
}

const person = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Paul",
  lastName: "Éluard",
  email,
  company: "Poésie",
  message: "He would love it",
  ...extra,
});

describe("recommendations: public side", () => {
  it("adds recommendations for the signed-in member and lists them for them", async () => {
    const event = await recommendationEvent();
    const response = await send(
      event.add,
      {
        guestId: event.recommender.id,
        recommendations: [person("Paul@Example.test"), person("nadia@example.test", { firstName: "Nadia" })],
      },
      { token: event.member },
    );
    expect(response.status).toBe(201);
    expect(response.body.total).toBe(2);
    expect(response.body.items[0]).toMatchObject({ status: "pending", recommenderName: "Rita Reco", guestId: null });
    const stored = await t.context.db.select().from(recommendations).where(eq(recommendations.eventId, event.id));
    expect(stored.map((row) => row.email).sort()).toEqual(["nadia@example.test", "paul@example.test"]);
    const mine = await t.request({ method: "GET", url: event.mine(event.recommender.id), token: event.member });
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(2);
  });

  it("refuses without a member session (401), and another guest's or an organizer's session (404, 401)", async () => {
    const event = await recommendationEvent();
    const body = { guestId: event.recommender.id, recommendations: [person("a@b.test")] };
    await send(event.add, body, { token: event.member });
    const anonymous = await send(event.add, body, { language: "fr" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toEqual({
      code: "MEMBER_SESSION_INVALID",
      message: "Votre session a expiré. Veuillez demander un nouveau lien de connexion.",
    });
    expect((await t.request({ method: "GET", url: event.mine(event.recommender.id) })).status).toBe(401);
    // An organizer's own token is no member session either, even of the event's account.
    expect((await send(event.add, body, { token: owner.token })).status).toBe(401);
    expect((await get(event.mine(event.recommender.id))).status).toBe(401);

    // Another guest of the same event, signed in: neither reads nor adds in the first one's name.
    const email = `other-${++ipCounter}@example.test`;
    await addGuest(t, owner.token, event.users, { firstName: "Otto", email });
    const otherMember = await memberSessionOf(t, event.slug, email);
    const foreignRead = await t.request({ method: "GET", url: event.mine(event.recommender.id), token: otherMember });
    expect(foreignRead.status).toBe(404);
    expect(foreignRead.body.error.message).toBe("Not found.");
    expect((await send(event.add, body, { token: otherMember })).status).toBe(404);
    // A member session of another event is no session here.
    const elsewhere = await recommendationEvent();
    expect((await send(event.add, body, { token: elsewhere.member })).status).toBe(401);
    const stored = await t.context.db
      .select()
      .from(recommendations)
      .where(eq(recommendations.recommenderId, event.recommender.id));
    expect(stored).toHaveLength(1);
  });

  it("validates emails, and answers 404 for a guest of another event or an unknown event", async () => {
    const event = await recommendationEvent();
    const invalid = await send(
      event.add,
      { guestId: event.recommender.id, recommendations: [person("nope")] },
      { token: event.member, language: "fr" },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe("Adresse e-mail invalide.");
    const elsewhere = await recommendationEvent();
    const foreign = await send(
      event.add,
      { guestId: elsewhere.recommender.id, recommendations: [person("a@b.test")] },
      { token: event.member },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("Not found.");
    const foreignRead = await t.request({
      method: "GET",
      url: event.mine(elsewhere.recommender.id),
      token: event.member,
    });
    expect(foreignRead.status).toBe(404);
    const unknown = await send(
      "/no-such-event/recommendations/addRecommendationsJson",
      { guestId: event.recommender.id, recommendations: [person("a@b.test")] },
      { token: event.member },
    );
    expect(unknown.status).toBe(401);
  });

  it("limits the sends of one address with 429", async () => {
    const event = await recommendationEvent();
    const body = { guestId: event.recommender.id, recommendations: [person("x@example.test")] };
    for (let i = 0; i < recommendationRateLimit.max; i++) {
      expect((await send(event.add, body, { token: event.member, ip: "10.9.9.9" })).status).toBe(201);
    }
    const limited = await send(event.add, body, { token: event.member, ip: "10.9.9.9" });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe("Too many attempts. Please wait 15 minutes and try again.");
    expect((await send(event.add, body, { token: event.member, ip: "10.9.9.10" })).status).toBe(201);
  });
});

describe("recommendations: organizer side", () => {
  async function withPending(emails: string[]) {
    const event = await recommendationEvent();
    const added = await send(
      event.add,
      { guestId: event.recommender.id, recommendations: emails.map((e) => person(e)) },
      { token: event.member },
    );
    const ids = new Map<string, string>(
      added.body.items.map((row: { email: string; id: string }) => [row.email, row.id]),
    );
    return { event, id: (email: string) => ids.get(email) ?? "" };
  }

  it("accepts one: the person becomes a guest sponsored by the recommender; 409 once decided", async () => {
    const { event, id } = await withPending(["paul@example.test"]);
    const accepted = await get(event.accept(id("paul@example.test")));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "accepted", guestId: expect.any(String) });
    const [guest] = await t.context.db.select().from(guests).where(eq(guests.id, accepted.body.guestId));
    expect(guest).toMatchObject({
      eventId: event.id,
      firstName: "Paul",
      lastName: "Éluard",
      email: "paul@example.test",
      createdSource: "recommendation",
      godfatherId: event.recommender.id,
      prescriber: "Rita Reco",
      searchText: "paul eluard paul@example.test poesie",
    });
    const again = await t.request({
      method: "GET",
      url: event.refuse(id("paul@example.test")),
      token: owner.token,
      language: "es",
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Esta recomendación ya ha sido aceptada o rechazada.");
    const audits = await t.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, id("paul@example.test")));
    expect(audits.map((row) => row.action).sort()).toEqual([
      "guests.recommendation.accepted",
      "guests.recommendation.created",
    ]);
  });

  it("links to the guest already holding the email instead of creating a duplicate", async () => {
    const { event, id } = await withPending(["known@example.test"]);
    const known = await addGuest(t, owner.token, event.users, { firstName: "K", email: "KNOWN@example.test" });
    const accepted = await get(event.accept(id("known@example.test")));
    expect(accepted.status).toBe(200);
    expect(accepted.body.guestId).toBe(known.id);
    const rows = await t.context.db.select().from(guests).where(eq(guests.eventId, event.id));
    expect(rows).toHaveLength(2);
  });

  it("refuses one, filters the list by status; readers read but cannot decide; other accounts get 404", async () => {
    const { event, id } = await withPending(["a@example.test", "b@example.test"]);
    expect((await get(event.refuse(id("a@example.test")), reader.token)).status).toBe(403);
    const refused = await get(event.refuse(id("a@example.test")));
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: "refused", guestId: null, decidedAt: expect.any(String) });
    const pending = await get(`${event.all}?status=pending`, reader.token);
    expect(pending.status).toBe(200);
    expect(pending.body.items.map((row: { email: string }) => row.email)).toEqual(["b@example.test"]);
    expect((await get(`${event.all}?status=refused`)).body.total).toBe(1);
    expect((await get(event.all)).body.total).toBe(2);
    expect((await get(event.all, other.token)).status).toBe(404);
    expect((await get(event.accept(id("b@example.test")), other.token)).status).toBe(404);
    const elsewhere = await recommendationEvent();
    expect(
      (await get(`/${elsewhere.slug}/admin/recommendations/acceptRecommendationJson/${id("b@example.test")}`)).status,
    ).toBe(404);
    expect((await t.request({ method: "GET", url: event.all })).status).toBe(401);
  });
});

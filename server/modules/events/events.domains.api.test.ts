import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerAccount } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { accounts } from "../accounts/accounts.tables.js";
import { eventDomains } from "./events.tables.js";
import { createEvent, eventsUrl, uniqueSlug } from "./events.testing.js";

const t = testAppForFile({ PUBLIC_URL: "https://events.example.test" });
const owner = madeBeforeAll(() => registerAccount(t));
const other = madeBeforeAll(() => registerAccount(t));

const domain = (label: string) => `${uniqueSlug(label)}.example.com`;

function saveDomains(user: { token: string; accountId: string }, eventId: string, customDomains: string[]) {
  const url = `${eventsUrl(user.accountId)}/${eventId}`;
  return t.request({ method: "POST", url, token: user.token, body: { customDomains } });
}

async function domainsOf(eventId: string) {
  const rows = await t.context.db.select().from(eventDomains).where(eq(eventDomains.eventId, eventId));
  return rows.map((row) => row.domain).sort();
}

describe("custom domain names", () => {
  it("saves host names lower-cased, once each, Unicode ones in their punycode form", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    const gala = domain("gala");
    const saved = await saveDomains(owner, event.id, [` ${gala.toUpperCase()} `, gala, "café.example.fr"]);
    expect(saved.status).toBe(200);
    expect(saved.body.customDomains).toEqual([gala, "xn--caf-dma.example.fr"]);
    expect(await domainsOf(event.id)).toEqual([gala, "xn--caf-dma.example.fr"].sort());

    // Taken off the list, a domain is free again: another event takes it.
    expect((await saveDomains(owner, event.id, [gala])).status).toBe(200);
    expect(await domainsOf(event.id)).toEqual([gala]);
    const next = await createEvent(t, owner.token, owner.accountId, { customDomains: ["xn--caf-dma.example.fr"] });
    expect(await domainsOf(next.id)).toEqual(["xn--caf-dma.example.fr"]);
  });

  it("refuses what is no host name, at its place in the list", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    for (const name of [
      "https://gala.example.com",
      "gala.example.com/register",
      "gala.example.com:8443",
      "localhost",
      "gala_night.example.com",
      "-gala.example.com",
      "gala..example.com",
      `${"a".repeat(64)}.example.com`,
    ]) {
      const refused = await saveDomains(owner, event.id, ["fine.example.com", name]);
      expect(refused.status, name).toBe(400);
      expect(refused.body.error.fields, name).toEqual({ "customDomains.1": "This value is not valid." });
    }
    expect(await domainsOf(event.id)).toEqual([]);
  });

  it("refuses the platform's own host", async () => {
    const event = await createEvent(t, owner.token, owner.accountId);
    const refused = await saveDomains(owner, event.id, ["events.example.test"]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      "customDomains.0": "The domain events.example.test is the platform's own address.",
    });
  });

  it("keeps a domain to one event of the whole platform, and says which domain is taken", async () => {
    const gala = domain("gala");
    const first = await createEvent(t, owner.token, owner.accountId, { customDomains: [gala] });
    const second = await createEvent(t, other.token, other.accountId);
    const refused = await saveDomains(other, second.id, ["free.example.com", gala]);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "EVENT_DOMAIN_TAKEN",
      message: `The domain ${gala} is already used elsewhere on the platform.`,
      fields: { "customDomains.1": `The domain ${gala} is already used elsewhere on the platform.` },
    });
    // Nothing of the refused change stays: neither the list nor the free domain beside the taken one.
    expect(await domainsOf(second.id)).toEqual([]);
    const stored = await t.request({
      method: "GET",
      url: `${eventsUrl(other.accountId)}/${second.id}`,
      token: other.token,
    });
    expect(stored.body.customDomains).toEqual([]);

    const created = await t.request({
      method: "POST",
      url: eventsUrl(other.accountId),
      token: other.token,
      body: { name: "Copy", slug: uniqueSlug(), startsAt: "2030-01-01T10:00:00.000Z", customDomains: [gala] },
    });
    expect(created.status).toBe(409);
    expect(await domainsOf(first.id)).toEqual([gala]);
  });

  it("refuses an account's default domain, and leaves a duplicate without its source's domains", async () => {
    const accountDomain = domain("account");
    await t.context.db.update(accounts).set({ defaultDomain: accountDomain }).where(eq(accounts.id, other.accountId));
    const event = await createEvent(t, owner.token, owner.accountId);
    expect((await saveDomains(owner, event.id, [accountDomain])).body.error.code).toBe("EVENT_DOMAIN_TAKEN");

    const gala = domain("gala");
    expect((await saveDomains(owner, event.id, [gala])).status).toBe(200);
    const copy = await t.request({
      method: "POST",
      url: `${eventsUrl(owner.accountId)}/${event.id}/duplicate`,
      token: owner.token,
      body: { name: "Next year", slug: uniqueSlug() },
    });
    expect(copy.status).toBe(201);
    expect(copy.body.customDomains).toEqual([]);
  });

  it("gives a domain saved by two events at once to one of them", async () => {
    const gala = domain("race");
    const events = await Promise.all([1, 2, 3].map(() => createEvent(t, owner.token, owner.accountId)));
    const answers = await Promise.all(events.map((event) => saveDomains(owner, event.id, [gala])));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const holders = await t.context.db.select().from(eventDomains).where(eq(eventDomains.domain, gala));
    expect(holders).toHaveLength(1);
  });

  it("frees an event's domains when the event is deleted", async () => {
    const gala = domain("gone");
    const event = await createEvent(t, owner.token, owner.accountId, { customDomains: [gala] });
    const url = `${eventsUrl(owner.accountId)}/${event.id}`;
    expect((await t.request({ method: "DELETE", url, token: owner.token })).status).toBe(200);
    expect((await createEvent(t, owner.token, owner.accountId, { customDomains: [gala] })).id).toBeTruthy();
  });
});

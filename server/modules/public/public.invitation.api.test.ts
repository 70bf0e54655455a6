import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signedIdToken } from "../../platform/signed-tokens.js";
import { registerAccount } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { addGuest, guestEvent } from "../guests/guests.testing.js";
import { invitationSecret, invitationToken, personalRegistrationLink } from "../guests/invitation-links.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));
const other = madeBeforeAll(() => registerAccount(t));

const invitationUrl = (slug: string, token: string) =>
  `/api/v1/public/events/${slug}/invitations/${encodeURIComponent(token)}`;
const uniqueEmail = () => `guest-${randomBytes(4).toString("hex")}@example.test`;

async function invitedGuest(account = owner) {
  const event = await guestEvent(t, account);
  const email = uniqueEmail();
  const guest = await addGuest(t, account.token, event.users, {
    firstName: "Inès",
    lastName: "Moreau",
    email,
    company: "Acme",
    status: "confirmed",
  });
  const token = invitationToken(await invitationSecret(t.context), guest.id);
  return { event, email, guestId: guest.id as string, token };
}

describe("personal registration link", () => {
  it("is the public event page with a signed invitation of the guest", async () => {
    const { event, guestId, token } = await invitedGuest();
    const secret = await invitationSecret(t.context);
    const link = personalRegistrationLink(t.context.config, secret, event, guestId, "fr");
    expect(link).toBe(`${t.context.config.publicUrl}/fr/${event.slug}?invitation=${token}`);
    expect(token).toMatch(new RegExp(`^${guestId}\\.[A-Za-z0-9_-]{22}$`));
  });

  it("answers the guest's first name, last name and email, and nothing more", async () => {
    const { event, email, token } = await invitedGuest();
    const response = await t.request({ method: "GET", url: invitationUrl(event.slug, token) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ firstName: "Inès", lastName: "Moreau", email });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers 404 for a forged or altered token", async () => {
    const { event, guestId, token } = await invitedGuest();
    const [id, signature = ""] = token.split(".");
    const altered = `${id}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const forged of [altered, `${guestId}.xxxxxxxxxxxxxxxxxxxxxx`, guestId, `${token}.x`, "nonsense"]) {
      const response = await t.request({ method: "GET", url: invitationUrl(event.slug, forged) });
      expect(response.status, forged).toBe(404);
    }
    // A campaign recipient token (same secret, another purpose) is no invitation.
    const recipient = signedIdToken(await invitationSecret(t.context), "recipient", guestId);
    expect((await t.request({ method: "GET", url: invitationUrl(event.slug, recipient) })).status).toBe(404);
  });

  it("answers 404 for a guest of another event, even of another account", async () => {
    const first = await invitedGuest();
    const second = await invitedGuest(other);
    const response = await t.request({ method: "GET", url: invitationUrl(first.event.slug, second.token) });
    expect(response.status).toBe(404);
  });

  it("answers 404 once the guest is deleted", async () => {
    const { event, guestId, token } = await invitedGuest();
    const removed = await t.request({ method: "DELETE", url: `${event.users}/${guestId}`, token: owner.token });
    expect(removed.status).toBeLessThan(300);
    expect((await t.request({ method: "GET", url: invitationUrl(event.slug, token) })).status).toBe(404);
  });
});

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type SignedIn } from "../../testing/fixtures.js";
import { startTestApp, type TestApp } from "../../testing/test-app.js";
import { guestEvent } from "../guests/guests.testing.js";
import { uploadEventImage } from "../images/images.testing.js";
import { eventsUrl } from "./events.testing.js";

let t: TestApp;
let webDir: string;
let owner: SignedIn & { accountId: string };

// A stand-in for the built web app, with the app's own icon that an event's favicon replaces.
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" href="data:image/svg+xml,app" />
    <title>Event platform</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), "web-"));
  await writeFile(path.join(webDir, "index.html"), indexHtml);
  t = await startTestApp({ PUBLIC_URL: "https://events.example.test" }, { webDistDir: webDir });
  owner = await registerAccount(t);
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const uploadImage = (eventId: string, width: number, height: number, purpose = "general", format?: "png" | "gif") =>
  uploadEventImage(t, owner, eventId, { width, height, purpose, format });

const update = (eventId: string, body: Record<string, unknown>, language?: string) =>
  t.request({ method: "POST", url: `${eventsUrl(owner.accountId)}/${eventId}`, token: owner.token, body, language });

describe("an event's banner, favicon and logo (issue 21)", () => {
  it("sets each to one of the event's images, shows them on the public page and clears them", async () => {
    const event = await guestEvent(t, owner);
    const [banner, favicon, logo] = [
      await uploadImage(event.id, 1600, 800),
      await uploadImage(event.id, 64, 64),
      await uploadImage(event.id, 400, 200),
    ];
    const set = await update(event.id, { bannerImageId: banner, faviconImageId: favicon, logoImageId: logo });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ bannerImageId: banner, faviconImageId: favicon, logoImageId: logo });

    const page = await t.request({ method: "GET", url: `/api/v1/public/events/${event.slug}` });
    expect(page.body.images.banner).toMatchObject({
      width: 1600,
      height: 800,
      url: `https://events.example.test/api/v1/images/${banner}/1280`,
    });
    expect(page.body.images.logo.variants.map((variant: { name: string }) => variant.name)).toEqual([
      "320",
      "640",
      "320.webp",
      "640.webp",
    ]);
    expect(page.body.images.favicon.width).toBe(64);

    const cleared = await update(event.id, { bannerImageId: null, faviconImageId: null, logoImageId: null });
    expect(cleared.body).toMatchObject({ bannerImageId: null, faviconImageId: null, logoImageId: null });
    const bare = await t.request({ method: "GET", url: `/api/v1/public/events/${event.slug}` });
    expect(bare.body.images).toEqual({ banner: null, logo: null, favicon: null });
  });

  it("refuses another event's image and an unknown one, each with its message", async () => {
    const event = await guestEvent(t, owner);
    const other = await guestEvent(t, owner);
    const foreign = await uploadImage(other.id, 200, 100);
    const refused = await update(event.id, { bannerImageId: foreign }, "en");
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("The banner could not be downloaded.");
    const unknown = await update(event.id, { logoImageId: "00000000-0000-4000-8000-000000000000" }, "fr");
    expect(JSON.stringify(unknown.body)).toContain("Le logo n'a pas pu être téléchargé.");
    // Within 2 MB but uploaded under the campaign's rule: a page image is checked by type and size, not by purpose.
    const campaign = await uploadImage(event.id, 100, 100, "campaign");
    expect((await update(event.id, { faviconImageId: campaign })).status).toBe(200);
    const reread = await t.request({
      method: "GET",
      url: `${eventsUrl(owner.accountId)}/${event.id}`,
      token: owner.token,
    });
    expect(reread.body.bannerImageId).toBeNull();
  });

  it("puts og:image (the banner's large copy, absolute), its size, a large card and the favicon in the page", async () => {
    const event = await guestEvent(t, owner);
    const banner = await uploadImage(event.id, 1600, 800);
    const favicon = await uploadImage(event.id, 48, 48);
    const before = String((await t.request({ method: "GET", url: `/en/${event.slug}` })).body);
    expect(before).toContain('<meta name="twitter:card" content="summary" />');
    expect(before).not.toContain("og:image");
    expect(before).toContain('<link rel="icon" href="data:image/svg+xml,app" />');

    await update(event.id, { bannerImageId: banner, faviconImageId: favicon });
    const html = String((await t.request({ method: "GET", url: `/en/${event.slug}` })).body);
    expect(html).toContain(
      `<meta property="og:image" content="https://events.example.test/api/v1/images/${banner}/1280" />`,
    );
    expect(html).toContain('<meta property="og:image:width" content="1280" />');
    expect(html).toContain('<meta property="og:image:height" content="640" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(
      `<link rel="icon" type="image/png" href="https://events.example.test/api/v1/images/${favicon}/320" />`,
    );
    expect(html).not.toContain("data:image/svg+xml,app");
  });

  it("keeps the partners as one image, one of the event's own, refusing another's with its message", async () => {
    const event = await guestEvent(t, owner);
    const other = await guestEvent(t, owner);
    const partners = await uploadImage(event.id, 1200, 400);
    const set = await update(event.id, { partnersImageId: partners });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.partnersImageId).toBe(partners);

    const foreign = await update(event.id, { partnersImageId: await uploadImage(other.id, 300, 100) }, "es");
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields.partnersImageId).toBe("No se ha podido descargar la imagen de los socios.");
    // A GIF is no page image, whatever its size.
    const gif = await uploadImage(event.id, 100, 100, "campaign", "gif");
    const refused = await update(event.id, { partnersImageId: gif }, "en");
    expect(refused.body.error.fields.partnersImageId).toBe("The partners image could not be downloaded.");

    const reread = await t.request({
      method: "GET",
      url: `${eventsUrl(owner.accountId)}/${event.id}`,
      token: owner.token,
    });
    expect(reread.body.partnersImageId).toBe(partners);
    const cleared = await update(event.id, { partnersImageId: null });
    expect(cleared.body.partnersImageId).toBeNull();
  });

  it("starts a duplicate without its source's images", async () => {
    const event = await guestEvent(t, owner);
    await update(event.id, {
      bannerImageId: await uploadImage(event.id, 300, 100),
      partnersImageId: await uploadImage(event.id, 300, 100),
    });
    const copy = await t.request({
      method: "POST",
      url: `${eventsUrl(owner.accountId)}/${event.id}/duplicate`,
      token: owner.token,
      body: { name: "Copy", slug: `copy-${event.slug}`.slice(0, 50) },
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body.bannerImageId).toBeNull();
    expect(copy.body.partnersImageId).toBeNull();
  });
});

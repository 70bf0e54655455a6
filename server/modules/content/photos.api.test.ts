import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readStoredFile } from "../../platform/file-store.js";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { events } from "../events/events.tables.js";
import { multipartForm } from "../forms/forms.testing.js";
import { guestEvent, scopeUrl } from "../guests/guests.testing.js";
import { images } from "../images/images.tables.js";
import { publicPhotos } from "./photos.service.js";

const t = testAppForFile({ PUBLIC_URL: "https://events.example.test" });
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => guestEvent(t, tenants.owner, {}, [tenants.reader.userId]));
const photosUrl = (eventId = event.id) => `${scopeUrl(tenants.owner.accountId, eventId)}/photos`;

const jpeg = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

type UploadOptions = {
  fileName?: string;
  bytes?: Buffer;
  fields?: Record<string, string>;
  position?: string;
  token?: string;
};

async function upload(eventId: string, options: UploadOptions = {}) {
  const { fileName = "photo.jpg", fields = {}, position, token = tenants.owner.token } = options;
  const bytes = options.bytes ?? (await jpeg());
  const { body, headers } = multipartForm(fields, { name: fileName, bytes, type: "image/jpeg" });
  return t.request({
    method: "POST",
    url: photosUrl(eventId),
    token,
    body,
    headers: { ...headers, ...(position !== undefined && { "x-photo-position": position }) },
  });
}

async function uploaded(eventId: string, options: UploadOptions = {}) {
  const response = await upload(eventId, options);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; imageId: string; position: number; caption: Record<string, string> };
}

async function listed(eventId: string) {
  const response = await t.request({ method: "GET", url: photosUrl(eventId), token: tenants.owner.token });
  expect(response.status).toBe(200);
  return (response.body.items as { caption: { en?: string }; position: number }[]).map(
    (item) => `${item.position}:${item.caption.en ?? ""}`,
  );
}

async function freshEvent() {
  const created = await guestEvent(t, tenants.owner, { languages: ["fr", "en"], preferredLanguage: "en" });
  return created.id;
}

const eventRow = async (eventId: string) => {
  const [row] = await t.context.db.select().from(events).where(eq(events.id, eventId));
  if (!row) throw new Error("no event");
  return row;
};

describe("photos (SPEC §3 Photo, §7 photos)", () => {
  it("uploads with captions and resized copies, at the end or at x-photo-position; lists with expand=image", async () => {
    const eventId = await freshEvent();
    const first = await uploaded(eventId, {
      fields: { "caption.en": " Opening ", "caption.fr": "Ouverture", "caption.es": " " },
    });
    expect(first.caption).toEqual({ en: "Opening", fr: "Ouverture" });
    const answer = (await upload(eventId, { fields: { "caption.en": "Stage" } })).body;
    expect(answer.image).toMatchObject({ purpose: "photo", width: 800, height: 600 });
    expect(answer.image.variants.map((variant: { name: string }) => variant.name)).toEqual([
      "320",
      "640",
      "1280",
      "320.webp",
      "640.webp",
      "1280.webp",
    ]);
    await uploaded(eventId, { fields: { "caption.en": "Welcome" }, position: "0" });
    expect(await listed(eventId)).toEqual(["0:Welcome", "1:Opening", "2:Stage"]);
    const past = await upload(eventId, { position: "4" });
    expect(past.status).toBe(400);
    expect(past.body.error.code).toBe("POSITION_OUT_OF_RANGE");
    expect(Object.keys(past.body.error.fields)).toEqual(["x-photo-position"]);
    // The refused photo's image went with it.
    expect(await t.context.db.select().from(images).where(eq(images.eventId, eventId))).toHaveLength(3);

    const expanded = await t.request({
      method: "GET",
      url: `${photosUrl(eventId)}?expand=image`,
      token: tenants.owner.token,
    });
    expect(expanded.body.items[1].image).toMatchObject({ id: first.imageId, width: 800 });

    const caption = await t.request({
      method: "POST",
      url: `${photosUrl(eventId)}/${first.id}`,
      token: tenants.owner.token,
      body: { caption: { en: "Opening night" } },
    });
    expect(caption.status, JSON.stringify(caption.body)).toBe(200);
    expect(caption.body).toMatchObject({ caption: { en: "Opening night" }, position: 1 });

    const scope = {
      executor: t.context.db,
      config: t.context.config,
      eventId,
      language: "fr" as const,
      preferredLanguage: "en" as const,
    };
    const gallery = await publicPhotos(scope);
    expect(gallery.map((photo) => photo.caption)).toEqual(["Welcome", "Opening night", "Stage"]);
    expect(gallery[1]).toMatchObject({ width: 800, height: 600 });
    expect(gallery[1]?.url).toMatch(/^https:\/\/events\.example\.test\/api\/v1\/images\/.+\/1280$/);
    expect(gallery[1]?.variants).toHaveLength(6);
  });

  it("takes JPEG, PNG and WebP up to 8 MB; refuses a GIF, an SVG, a renamed executable and more", async () => {
    const eventId = await freshEvent();
    // Noise compresses badly: a PNG over the 2 MB of other images, within the gallery's 8 MB.
    const noise = randomBytes(1000 * 1000 * 3);
    const large = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
      .png()
      .toBuffer();
    expect(large.length).toBeGreaterThan(2 * 1024 * 1024);
    await uploaded(eventId, { fileName: "large.png", bytes: large });
    const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#123456" } })
      .webp()
      .toBuffer();
    await uploaded(eventId, { fileName: "small.webp", bytes: webp });

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const executable = Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(500, 0)]);
    for (const [fileName, bytes] of [
      ["animated.gif", gif],
      ["logo.jpg", svg],
      ["photo.jpg", executable],
    ] as const) {
      const refused = await upload(eventId, { fileName, bytes });
      expect(refused.status, fileName).toBe(415);
      expect(refused.body.error.message).toBe("Unsupported image type.");
    }
    const big = await upload(eventId, { bytes: Buffer.concat([await jpeg(), Buffer.alloc(8 * 1024 * 1024)]) });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe("The file uploaded is too big.");
    const nul = await upload(eventId, { fileName: "a\u0000.jpg" });
    expect(nul.body.error.code).toBe("TEXT_NUL_CHARACTER");
    const long = await upload(eventId, { fields: { "caption.en": "x".repeat(501) } });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.error.fields)).toEqual(["caption.en"]);
    expect(await listed(eventId)).toHaveLength(2);
    expect(await t.context.db.select().from(images).where(eq(images.eventId, eventId))).toHaveLength(2);
  });

  it("reorders by the full list only; deleting closes the gap and removes the image and its copies", async () => {
    const eventId = await freshEvent();
    const [a, b, c] = [
      await uploaded(eventId, { fields: { "caption.en": "A" } }),
      await uploaded(eventId, { fields: { "caption.en": "B" } }),
      await uploaded(eventId, { fields: { "caption.en": "C" } }),
    ];
    const reorder = (ids: string[]) =>
      t.request({ method: "POST", url: `${photosUrl(eventId)}/reorder`, token: tenants.owner.token, body: { ids } });
    expect((await reorder([c.id, b.id, a.id])).status).toBe(200);
    expect(await listed(eventId)).toEqual(["0:C", "1:B", "2:A"]);
    const refused = await reorder([c.id, b.id, b.id]);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "PHOTOS_NOT_REORDERED",
      message: "The photos could not be reordered: the list has changed, reload it.",
    });

    const [image] = await t.context.db.select().from(images).where(eq(images.id, b.imageId));
    if (!image) throw new Error("no image");
    const keys = [image.originalKey, ...Object.values(image.variants).map((variant) => variant.key)];
    const removed = await t.request({
      method: "DELETE",
      url: `${photosUrl(eventId)}/${b.id}`,
      token: tenants.owner.token,
    });
    expect(removed.status).toBe(200);
    expect(await listed(eventId)).toEqual(["0:C", "1:A"]);
    expect(await t.context.db.select().from(images).where(eq(images.id, b.imageId))).toEqual([]);
    for (const key of keys) await expect(readStoredFile(t.context.files, key)).rejects.toThrow();
    expect((await t.request({ method: "GET", url: `/api/v1/images/${b.imageId}/640` })).status).toBe(404);
  });

  it("with the misc module off: every change answers 409", async () => {
    const eventId = await freshEvent();
    const kept = await uploaded(eventId);
    const row = await eventRow(eventId);
    await t.context.db
      .update(events)
      .set({ modules: { ...row.modules, misc: false } })
      .where(eq(events.id, eventId));
    const token = tenants.owner.token;
    const one = `${photosUrl(eventId)}/${kept.id}`;
    const refusals = [
      await upload(eventId),
      await t.request({ method: "POST", url: one, token, body: { caption: { en: "x" } } }),
      await t.request({ method: "POST", url: `${photosUrl(eventId)}/reorder`, token, body: { ids: [kept.id] } }),
      await t.request({ method: "DELETE", url: one, token }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe("MISC_MODULE_OFF");
    }
    expect(await t.context.db.select().from(images).where(eq(images.eventId, eventId))).toHaveLength(1);
  });

  it("a reader lists but changes nothing; another account gets 404 everywhere", async () => {
    const kept = await uploaded(event.id);
    const one = `${photosUrl()}/${kept.id}`;
    const reader = tenants.reader.token;
    expect((await t.request({ method: "GET", url: photosUrl(), token: reader })).status).toBe(200);
    const readerChanges = [
      await upload(event.id, { token: reader }),
      await t.request({ method: "POST", url: one, token: reader, body: { caption: {} } }),
      await t.request({ method: "POST", url: `${photosUrl()}/reorder`, token: reader, body: { ids: [kept.id] } }),
      await t.request({ method: "DELETE", url: one, token: reader }),
    ];
    expect(readerChanges.map((response) => response.status)).toEqual([403, 403, 403, 403]);
    const other = tenants.other.token;
    const asOther = [
      await t.request({ method: "GET", url: photosUrl(), token: other }),
      await upload(event.id, { token: other }),
      await t.request({ method: "POST", url: one, token: other, body: { caption: {} } }),
      await t.request({ method: "POST", url: `${photosUrl()}/reorder`, token: other, body: { ids: [kept.id] } }),
      await t.request({ method: "DELETE", url: one, token: other }),
    ];
    expect(asOther.map((response) => response.status)).toEqual([404, 404, 404, 404, 404]);
    expect(await listed(event.id)).toEqual(["0:"]);
  });
});

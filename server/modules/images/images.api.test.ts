import { randomBytes, randomUUID } from "node:crypto";
import { crc32 } from "node:zlib";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { multipartForm } from "../forms/forms.testing.js";
import { guestEvent } from "../guests/guests.testing.js";
import { findEventImage, imageUrl } from "./images.service.js";

const t = testAppForFile({ PUBLIC_URL: "https://events.example.test" });
const tenants = madeBeforeAll(() => registerTenants(t));
const event = madeBeforeAll(() => guestEvent(t, tenants.owner, {}, [tenants.reader.userId]));
const imagesUrl = () => `/api/v1/events/${tenants.owner.accountId}/${event.id}/images`;

function upload(
  file: { name: string; bytes: Buffer; type?: string },
  options: { purpose?: string; token?: string; url?: string; language?: string } = {},
) {
  const { body, headers } = multipartForm({}, { type: "image/png", ...file });
  const url = `${options.url ?? imagesUrl()}${options.purpose ? `?purpose=${options.purpose}` : ""}`;
  return t.request({
    method: "POST",
    url,
    token: options.token ?? tenants.owner.token,
    body,
    headers,
    language: options.language,
  });
}

/** A public GET, read as bytes. */
async function fetchPublic(url: string) {
  const response = await t.app.inject({ method: "GET", url: url.replace("https://events.example.test", "") });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

describe("images: upload and resized copies (SPEC §7 images, §5 image rules)", () => {
  it("accepts a JPEG, makes 320/640/1280 copies in JPEG and WebP, and strips its EXIF (GPS) from them", async () => {
    const bytes = await photo(2000, 1000)
      .jpeg()
      .withExif({ IFD0: { Copyright: "Camera owner" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" } })
      .toBuffer();
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    const response = await upload({ name: "holiday.png", bytes, type: "image/png" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const image = response.body;
    expect(image).toMatchObject({
      eventId: event.id,
      contentType: "image/jpeg",
      width: 2000,
      height: 1000,
      size: bytes.length,
      purpose: "general",
      url: `https://events.example.test/api/v1/images/${image.id}/1280`,
    });
    expect(image.variants.map((v: { name: string }) => v.name)).toEqual([
      "320",
      "640",
      "1280",
      "320.webp",
      "640.webp",
      "1280.webp",
    ]);
    for (const variant of image.variants) {
      const read = await fetchPublic(variant.url);
      expect(read.status).toBe(200);
      const metadata = await sharp(read.bytes).metadata();
      const expectedWidth = Number.parseInt(variant.name, 10);
      expect(metadata.width, variant.name).toBe(expectedWidth);
      expect(metadata.height, variant.name).toBe(expectedWidth / 2);
      expect(metadata.format).toBe(variant.name.endsWith(".webp") ? "webp" : "jpeg");
      expect(read.headers["content-type"]).toBe(variant.contentType);
      expect(metadata.exif, variant.name).toBeUndefined();
    }
    const [audit] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "images.image.uploaded"), eq(auditLogs.targetId, image.id)));
    expect(audit).toMatchObject({ eventId: event.id, accountId: tenants.owner.accountId, targetType: "image" });
    expect(audit?.after).toMatchObject({ name: "holiday.png", contentType: "image/jpeg", width: 2000 });
  });

  it("never enlarges: a 500 px PNG with transparency gets a 320 copy and its own width, in PNG and WebP", async () => {
    const bytes = await sharp({
      create: { width: 500, height: 250, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const response = await upload({ name: "logo.png", bytes });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ contentType: "image/png", width: 500, height: 250 });
    const variants = Object.fromEntries(
      response.body.variants.map((v: { name: string; width: number; contentType: string }) => [
        v.name,
        [v.width, v.contentType],
      ]),
    );
    expect(variants).toEqual({
      "320": [320, "image/png"],
      "640": [500, "image/png"],
      "320.webp": [320, "image/webp"],
      "640.webp": [500, "image/webp"],
    });
    const largest = await fetchPublic(response.body.url);
    const metadata = await sharp(largest.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.hasAlpha]).toEqual(["png", 500, true]);
  });

  it("accepts a WebP and gives mail clients a JPEG copy of it", async () => {
    const bytes = await photo(800, 600).webp().toBuffer();
    const response = await upload({ name: "banner.webp", bytes, type: "image/webp" });
    expect(response.status).toBe(201);
    expect(response.body.contentType).toBe("image/webp");
    const read = await fetchPublic(response.body.url);
    expect(read.headers["content-type"]).toBe("image/jpeg");
    const metadata = await sharp(read.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 800, 600]);
  });

  it("refuses a GIF where GIFs are not allowed, accepts one for a campaign and keeps it animated", async () => {
    const frames = await Promise.all([photo(400, 200).png().toBuffer(), photo(400, 200).negate().png().toBuffer()]);
    const bytes = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const refused = await upload({ name: "anim.gif", bytes, type: "image/gif" });
    expect(refused.status).toBe(415);
    expect(refused.body.error).toEqual({ code: "IMAGE_TYPE_UNSUPPORTED", message: "Unsupported image type." });
    const accepted = await upload({ name: "anim.gif", bytes, type: "image/gif" }, { purpose: "campaign" });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ contentType: "image/gif", purpose: "campaign", width: 400 });
    const read = await fetchPublic(accepted.body.url);
    expect(read.headers["content-type"]).toBe("image/gif");
    const metadata = await sharp(read.bytes).metadata();
    expect([metadata.format, metadata.pages, metadata.width]).toEqual(["gif", 2, 400]);
  });

  it("refuses a text file named .png, a PNG header over garbage, and an SVG: 415 with the spec's message", async () => {
    const text = Buffer.from("just some words, not a picture at all\n".repeat(20));
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>');
    const truncated = (await photo(300, 300).png().toBuffer()).subarray(0, 200);
    for (const [name, bytes] of [
      ["notes.png", text],
      ["header.png", Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), text])],
      ["truncated.png", truncated],
      ["drawing.svg", svg],
    ] as const) {
      const response = await upload({ name, bytes });
      expect(response.status, name).toBe(415);
      expect(response.body.error.message, name).toBe("Unsupported image type.");
    }
    const french = await upload({ name: "notes.png", bytes: text }, { language: "fr" });
    expect(french.body.error.code).toBe("IMAGE_TYPE_UNSUPPORTED");
    expect(french.body.error.message).not.toBe("Unsupported image type.");
  });

  it("refuses over 2 MB in general (413), takes up to 8 MB for a campaign", async () => {
    // Noise does not compress: a 1000 × 1000 RGB PNG of noise weighs about 3 MB.
    const noise = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    const tooBig = await upload({ name: "noise.png", bytes: noise });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toEqual({ code: "FILE_TOO_BIG", message: "The file uploaded is too big." });
    const campaign = await upload({ name: "noise.png", bytes: noise }, { purpose: "campaign" });
    expect(campaign.status).toBe(201);
    const overEight = await upload(
      { name: "huge.png", bytes: Buffer.concat([noise, noise, noise]) },
      { purpose: "campaign" },
    );
    expect(overEight.status).toBe(413);
    const unknownPurpose = await upload({ name: "noise.png", bytes: noise }, { purpose: "poster" });
    expect(unknownPurpose.status).toBe(400);
  });

  it("refuses a small file that claims more than 50 megapixels (413) before decoding it", async () => {
    // A real 1 × 1 PNG whose header is rewritten to 10,000 × 10,000 pixels, with a correct checksum.
    const bytes = Buffer.from(await photo(1, 1).png().toBuffer());
    bytes.writeUInt32BE(10_000, 16);
    bytes.writeUInt32BE(10_000, 20);
    bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
    expect((await sharp(bytes).metadata()).width).toBe(10_000);
    const response = await upload({ name: "bomb.png", bytes });
    expect(response.status).toBe(413);
    expect(response.body.error.message).toBe("The file uploaded is too big.");
  });

  it("needs a file part", async () => {
    const { body, headers } = multipartForm({ note: "no file" });
    const response = await t.request({ method: "POST", url: imagesUrl(), token: tenants.owner.token, body, headers });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ file: "This field is required." });
  });
});

describe("images: who may upload and read", () => {
  const smallPng = () => photo(100, 50).png().toBuffer();

  it("reads an image's metadata for any member who sees the event; uploads need events.update (403)", async () => {
    const created = await upload({ name: "a.png", bytes: await smallPng() });
    const read = await t.request({
      method: "GET",
      url: `${imagesUrl()}/${created.body.id}`,
      token: tenants.reader.token,
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const refused = await upload({ name: "a.png", bytes: await smallPng() }, { token: tenants.reader.token });
    expect(refused.status).toBe(403);
  });

  it("answers 404 to another account, and for an image of another event", async () => {
    const created = await upload({ name: "a.png", bytes: await smallPng() });
    const url = `${imagesUrl()}/${created.body.id}`;
    expect((await t.request({ method: "GET", url, token: tenants.other.token })).status).toBe(404);
    const intrusion = await upload({ name: "a.png", bytes: await smallPng() }, { token: tenants.other.token });
    expect(intrusion.status).toBe(404);
    const otherEvent = await guestEvent(t, tenants.owner);
    const elsewhere = `/api/v1/events/${tenants.owner.accountId}/${otherEvent.id}/images/${created.body.id}`;
    expect((await t.request({ method: "GET", url: elsewhere, token: tenants.owner.token })).status).toBe(404);
    expect(await findEventImage(t.context.db, otherEvent.id, created.body.id)).toBeNull();
    expect((await findEventImage(t.context.db, event.id, created.body.id))?.width).toBe(100);
    const unknown = await t.request({
      method: "GET",
      url: `${imagesUrl()}/${randomUUID()}`,
      token: tenants.owner.token,
    });
    expect(unknown.status).toBe(404);
  });
});

describe("images: the public copies", () => {
  it("serves without a token, cached for a year, the smallest copy at least as wide as asked", async () => {
    const bytes = await photo(1600, 800).jpeg().toBuffer();
    const { body: image } = await upload({ name: "wide.jpg", bytes, type: "image/jpeg" });
    expect(imageUrl(t.context.config, image.id)).toBe(`https://events.example.test/api/v1/images/${image.id}/1280`);
    expect(imageUrl(t.context.config, image.id, 600)).toBe(`https://events.example.test/api/v1/images/${image.id}/600`);
    const read = await fetchPublic(imageUrl(t.context.config, image.id, 600));
    expect(read.status).toBe(200);
    expect(read.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(read.headers["content-type"]).toBe("image/jpeg");
    expect(read.headers["x-content-type-options"]).toBe("nosniff");
    expect((await sharp(read.bytes).metadata()).width).toBe(640);
    const wider = await fetchPublic(`/api/v1/images/${image.id}/4000.webp`);
    expect((await sharp(wider.bytes).metadata()).width).toBe(1280);
    expect((await sharp(wider.bytes).metadata()).format).toBe("webp");
  });

  it("answers 404 for an unknown image or a malformed copy name", async () => {
    const { body: image } = await upload({ name: "a.png", bytes: await photo(50, 50).png().toBuffer() });
    expect((await fetchPublic(`/api/v1/images/${randomUUID()}/640`)).status).toBe(404);
    expect((await fetchPublic(`/api/v1/images/${image.id}/original`)).status).toBe(404);
    expect((await fetchPublic(`/api/v1/images/${image.id}/640.png`)).status).toBe(404);
    expect((await fetchPublic(`/api/v1/images/${image.id}/..%2F..%2Fsecret`)).status).toBe(404);
  });
});

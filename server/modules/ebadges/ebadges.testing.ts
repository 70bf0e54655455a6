import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import type { TestApp } from "../../testing/test-app.js";
import { fonts } from "../accounts/fonts/fonts.tables.js";
import { uploadEventImage } from "../images/images.testing.js";

/** Helpers of the e-badge API tests. */

export const ebadgesUrl = (accountId: string, eventId: string) => `/api/v1/events/${accountId}/${eventId}/ebadges`;

/** Open Sans Regular as WOFF2 (the fonts module's test fixture, Apache License 2.0). */
export const openSansWoff2 = () =>
  readFileSync(fileURLToPath(new URL("../accounts/fonts/fixtures/open-sans-regular.woff2", import.meta.url)));

/** A font of the account, written straight to its table and the file store (the fonts API is tested on its own). */
export async function insertFont(t: TestApp, accountId: string, bytes = openSansWoff2()) {
  const storageKey = `fonts/${randomUUID()}.woff2`;
  await t.context.files.put(storageKey, bytes);
  const [font] = await t.context.db
    .insert(fonts)
    .values({ accountId, name: "Brand", storageKey, size: bytes.length, familyName: "Open Sans" })
    .returning();
  if (!font) throw new Error("font insert failed");
  return font;
}

/** Uploads an image of the event (a plain-coloured PNG, a badge's proportions) with this purpose; answers its id. */
export const uploadImage = (
  t: TestApp,
  owner: { token: string; accountId: string },
  eventId: string,
  purpose: "ebadge" | "general",
) => uploadEventImage(t, owner, eventId, { width: 400, height: 560, purpose });

/** Reads an answer's bytes as a PDF is sent. */
export async function pdfOf(t: TestApp, url: string, token: string) {
  const response = await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, bytes: response.rawPayload, json: () => response.json() };
}

const decoded = (stream: unknown) =>
  stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1") : "";

/**
 * What each page of a PDF draws: its decoded content streams and the images it places (their stored bytes), equal
 * for two renderings of one badge for one guest whatever the document around them (dates, ids, fonts' order).
 */
export async function pageDrawings(bytes: Uint8Array): Promise<{ content: string; images: string[] }[]> {
  const document = await PDFDocument.load(bytes);
  return document.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
    const placed = (xObjects?.values() ?? []).map((ref) => document.context.lookup(ref));
    return {
      content: streams.map(decoded).join("\n"),
      images: placed.map((image) =>
        image instanceof PDFRawStream ? Buffer.from(image.contents).toString("base64") : "",
      ),
    };
  });
}

/**
 * The text each page prints in a standard font: pdfkit writes it as hex strings of WinAnsi codes, split where it
 * kerns.
 */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  return (await pageDrawings(bytes)).map(({ content }) =>
    [...content.matchAll(/<([0-9a-fA-F]+)>/g)]
      .map(([, hex]) => Buffer.from(hex ?? "", "hex").toString("latin1"))
      .join(""),
  );
}

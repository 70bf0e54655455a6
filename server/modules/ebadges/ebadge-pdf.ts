import { and, eq, inArray } from "drizzle-orm";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { EbadgeBlock } from "../../../contract/ebadges.js";
import type { alternateFonts, FontType } from "../../../contract/fonts.js";
import { guestFieldKeys } from "../../../contract/guest-conditions.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { readStoredFile } from "../../platform/file-store.js";
import { isLanguage, type Language } from "../../platform/language.js";
import { guestPassCode, passCodeSecret } from "../../platform/pass-codes.js";
import { readFontSfnt } from "../accounts/fonts/fonts.service.js";
import { fonts } from "../accounts/fonts/fonts.tables.js";
import type { LocalizedText } from "../events/events.tables.js";
import type { EventRow } from "../events/events.visibility.js";
import { customFields, guests } from "../guests/guests.tables.js";
import { images } from "../images/images.tables.js";
import { orderItems, orders, tickets } from "../ticketing/ticketing.tables.js";
import { type EbadgeRow, pageSize } from "./ebadges.service.js";

/*
 * A badge page per guest (SPEC §3 E-badge), drawn with pdfkit: the page's format and orientation, the design turned
 * as a whole about the page's centre, the background stretched over the page, then each block turned about its own
 * centre. The QR code holds the guest's signed pass code (platform/pass-codes.ts), never their id alone.
 */

const points = (millimetres: number) => (millimetres * 72) / 25.4;

/** What a badge prints of a guest: their columns, custom values, and the captions of their valid tickets. */
export type BadgeGuest = Pick<
  typeof guests.$inferSelect,
  "id" | "firstName" | "lastName" | "civility" | "email" | "company" | "jobTitle" | "phone" | "status" | "customFields"
> & { tickets: LocalizedText[] };

/** Everything a document's pages draw from, read once per document rather than per page. */
export type BadgeSources = {
  event: EventRow;
  secret: string;
  fields: Map<string, typeof customFields.$inferSelect>;
  images: Map<string, Buffer>;
  fonts: Map<string, BadgeFont>;
};

/**
 * An account font opened for PDFs: its TrueType/OpenType face (pdfkit embeds a subset of it) and the glyphs of it
 * already seen to subset.
 */
export type EmbeddableFace = { sfnt: Buffer; face: fontkit.Face; subsettable: Set<number> };

/** A font blocks draw with, and the standard PDF font a text it cannot embed is drawn in (from its alternate font). */
type BadgeFont = { embeddable: EmbeddableFace; standardFont: string };

export function openEmbeddableFace(sfnt: Buffer): EmbeddableFace {
  const face = fontkit.create(sfnt);
  if ("fonts" in face) throw new Error("a font collection, not one face");
  return { sfnt, face, subsettable: new Set() };
}

/** The standard PDF fonts (drawn by every reader, never embedded) by type: what an alternate font prints as. */
const helvetica = {
  regular: "Helvetica",
  bold: "Helvetica-Bold",
  italic: "Helvetica-Oblique",
  boldItalic: "Helvetica-BoldOblique",
};
const times = { regular: "Times-Roman", bold: "Times-Bold", italic: "Times-Italic", boldItalic: "Times-BoldItalic" };
const courier = {
  regular: "Courier",
  bold: "Courier-Bold",
  italic: "Courier-Oblique",
  boldItalic: "Courier-BoldOblique",
};
const standardFamilies: Record<(typeof alternateFonts)[number], Record<FontType, string>> = {
  Arial: helvetica,
  Helvetica: helvetica,
  Verdana: helvetica,
  Georgia: times,
  "Times New Roman": times,
  "Courier New": courier,
};

/**
 * Whether pdfkit can embed this text's glyphs from the face. It subsets each face once the document ends, where one
 * glyph the subsetter cannot copy would fail the whole PDF; so each glyph is tried once per face beforehand, with the
 * ellipsis a cut text ends with.
 */
function embeds({ face, subsettable }: EmbeddableFace, text: string): boolean {
  try {
    const glyphs = new Set(face.layout(`${text}…`).glyphs.map((glyph) => glyph.id));
    const untried = [...glyphs].filter((id) => !subsettable.has(id));
    if (untried.length === 0) return true;
    const subset = face.createSubset();
    for (const id of untried) subset.includeGlyph(id);
    subset.encode();
    for (const id of untried) subsettable.add(id);
    return true;
  } catch {
    return false;
  }
}

/**
 * pdfkit opens an image once and embeds it once per document however many pages draw it; its typings know neither
 * `openImage` nor that `image` takes what it answers.
 */
type OpenedImage = { width: number; height: number };
const openImage = (doc: PDFKit.PDFDocument, bytes: Buffer) =>
  (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes);
const drawImage = (
  doc: PDFKit.PDFDocument,
  image: OpenedImage | Buffer,
  x: number,
  y: number,
  options: PDFKit.Mixins.ImageOption,
) => doc.image(image as Buffer, x, y, options);

/** A font's face by its file key: a new file gets a new key, so an entry never goes stale. */
const openedFaces = new Map<string, EmbeddableFace>();

/** The images, fonts and custom fields the badges name, and the pass-code secret. */
export async function loadBadgeSources(
  context: AppContext,
  event: EventRow,
  badges: Pick<EbadgeRow, "backgroundImageId" | "blocks">[],
): Promise<BadgeSources> {
  const blocks = badges.flatMap((badge) => badge.blocks);
  const imageIds = [
    ...new Set([
      ...badges.flatMap((badge) => (badge.backgroundImageId ? [badge.backgroundImageId] : [])),
      ...blocks.flatMap((block) => (block.kind === "logo" && block.imageId ? [block.imageId] : [])),
    ]),
  ];
  const fontIds = [...new Set(blocks.flatMap((block) => (block.fontId ? [block.fontId] : [])))];
  const [imageRows, fontRows, fieldRows, secret] = await Promise.all([
    imageIds.length === 0
      ? []
      : context.db
          .select()
          .from(images)
          .where(and(eq(images.eventId, event.id), inArray(images.id, imageIds))),
    fontIds.length === 0
      ? []
      : context.db
          .select()
          .from(fonts)
          .where(and(eq(fonts.accountId, event.accountId), inArray(fonts.id, fontIds))),
    context.db.select().from(customFields).where(eq(customFields.eventId, event.id)),
    passCodeSecret(context),
  ]);
  const sources: BadgeSources = {
    event,
    secret,
    fields: new Map(fieldRows.map((field) => [field.id, field])),
    images: new Map(),
    fonts: new Map(),
  };
  for (const image of imageRows) {
    // The widest JPEG or PNG copy: pdfkit draws no WebP, and the copies carry no EXIF rotation left to apply.
    const widest = Object.entries(image.variants)
      .filter(([name]) => !name.endsWith(".webp"))
      .sort(([, a], [, b]) => b.width - a.width)[0]?.[1];
    if (widest) sources.images.set(image.id, await readStoredFile(context.files, widest.key));
  }
  for (const font of fontRows) {
    let embeddable = openedFaces.get(font.fileKey);
    if (!embeddable) {
      embeddable = openEmbeddableFace(await readFontSfnt(context, font));
      openedFaces.set(font.fileKey, embeddable);
    }
    sources.fonts.set(font.id, { embeddable, standardFont: standardFamilies[font.alternateFont][font.type] });
  }
  return sources;
}

/** The guests of the event among `guestIds`, with their valid tickets, in the order asked. */
export async function badgeGuests(executor: Executor, eventId: string, guestIds: string[]): Promise<BadgeGuest[]> {
  if (guestIds.length === 0) return [];
  const [rows, held] = await Promise.all([
    executor
      .select()
      .from(guests)
      .where(and(eq(guests.eventId, eventId), inArray(guests.id, guestIds))),
    executor
      .select({ guestId: orderItems.holderGuestId, caption: tickets.caption })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
      .where(
        and(
          inArray(orderItems.holderGuestId, guestIds),
          eq(orderItems.refunded, false),
          inArray(orders.status, ["completed", "partially_refunded"]),
        ),
      ),
  ]);
  const byId = new Map(rows.map((row) => [row.id, { ...row, tickets: [] as LocalizedText[] }]));
  for (const { guestId, caption } of held) if (guestId) byId.get(guestId)?.tickets.push(caption);
  return guestIds.flatMap((id) => byId.get(id) ?? []);
}

/** Who a design is previewed for when no guest is named: every field shows what it is. */
export function sampleGuest(): BadgeGuest {
  return {
    id: "00000000-0000-4000-8000-000000000000",
    firstName: "Camille",
    lastName: "Martin",
    civility: null,
    email: "camille.martin@example.com",
    company: "Example & Co",
    jobTitle: "Director",
    phone: "+33 1 23 45 67 89",
    status: "confirmed",
    customFields: {},
    tickets: [{ en: "Ticket", fr: "Billet", es: "Entrada" }],
  };
}

const inLanguage = (text: LocalizedText | undefined, language: Language, fallback: string) =>
  text?.[language] ?? text?.[fallback as Language] ?? Object.values(text ?? {}).find(Boolean) ?? "";

/** Intl's narrow no-break space is outside the standard fonts' WinAnsi: a plain space prints the same. */
const printable = (text: string) => text.replaceAll("\u202f", " ");

function eventDates(event: EventRow, language: Language): string {
  const format = new Intl.DateTimeFormat(language, {
    dateStyle: "long",
    ...(!event.allDay && { timeStyle: "short" }),
    timeZone: event.timezone,
  });
  const start = format.format(event.startsAt);
  return printable(event.endsAt ? `${start} – ${format.format(event.endsAt)}` : start);
}

/** What a field block prints; on a preview (`sample`), a custom field prints its name. */
function fieldText(sources: BadgeSources, guest: BadgeGuest, block: EbadgeBlock, language: Language, sample: boolean) {
  const key = block.field;
  const fallback = sources.event.preferredLanguage;
  if (!key) return "";
  if (key === "ticket") return guest.tickets.map((caption) => inLanguage(caption, language, fallback)).join(", ");
  if (key.startsWith("custom:")) {
    const field = sources.fields.get(key.slice("custom:".length));
    if (!field) return "";
    if (sample) return field.name;
    const value = guest.customFields[field.id];
    const labelOf = (choice: unknown) => field.choices.find((c) => c.id === choice)?.label ?? String(choice);
    if (value === null || value === undefined) return "";
    return Array.isArray(value) ? value.map(labelOf).join(", ") : labelOf(value);
  }
  const column = guestFieldKeys.find((name) => name === key);
  return column ? String(guest[column] ?? "") : "";
}

async function drawBlock(
  doc: PDFKit.PDFDocument,
  sources: BadgeSources,
  opened: Map<string, OpenedImage>,
  block: EbadgeBlock,
  guest: BadgeGuest,
  { language, sample }: { language: Language; sample: boolean },
) {
  const [x, y, width, height] = [points(block.x), points(block.y), points(block.width), points(block.height)];
  doc.save();
  if (block.rotation) doc.rotate(block.rotation, { origin: [x + width / 2, y + height / 2] });
  const box = { fit: [width, height] as [number, number], align: "center" as const, valign: "center" as const };
  if (block.kind === "qr") {
    const code = guestPassCode(sources.secret, guest.id);
    const png = await QRCode.toBuffer(code, { type: "png", margin: 1, width: 512, errorCorrectionLevel: "M" });
    drawImage(doc, png, x, y, box);
  } else if (block.kind === "logo") {
    const image = block.imageId ? opened.get(block.imageId) : undefined;
    if (image) drawImage(doc, image, x, y, box);
  } else {
    const fallback = sources.event.preferredLanguage;
    const text =
      block.kind === "text"
        ? inLanguage(block.text, language, fallback)
        : block.kind === "date"
          ? eventDates(sources.event, language)
          : block.kind === "location"
            ? [sources.event.venueName, sources.event.address].filter(Boolean).join("\n")
            : fieldText(sources, guest, block, language, sample);
    const font = block.fontId ? sources.fonts.get(block.fontId) : undefined;
    doc
      .font(font ? (embeds(font.embeddable, text) ? `font-${block.fontId}` : font.standardFont) : "Helvetica")
      .fontSize(block.fontSize)
      .fillColor(block.color)
      .text(text, x, y, { width, height, align: block.align, ellipsis: true });
  }
  doc.restore();
}

export type BadgePage = { ebadge: EbadgeRow; guest: BadgeGuest };

/**
 * One PDF of these pages, in order. `language` is the reader's (a confirmation mail's); the event's preferred language
 * otherwise. `sample` marks a preview: custom fields print their names.
 */
export async function renderBadgesPdf(
  sources: BadgeSources,
  pages: BadgePage[],
  options: { language?: string; sample?: boolean } = {},
): Promise<Buffer> {
  const language: Language = isLanguage(options.language)
    ? options.language
    : isLanguage(sources.event.preferredLanguage)
      ? sources.event.preferredLanguage
      : "en";
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: sources.event.name } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  for (const [id, font] of sources.fonts) doc.registerFont(`font-${id}`, font.embeddable.sfnt);
  const opened = new Map([...sources.images].map(([id, bytes]) => [id, openImage(doc, bytes)]));
  for (const { ebadge, guest } of pages) {
    const page = pageSize(ebadge);
    const [width, height] = [points(page.width), points(page.height)];
    doc.addPage({ size: [width, height], margin: 0 });
    doc.save();
    if (ebadge.rotation) doc.rotate(ebadge.rotation, { origin: [width / 2, height / 2] });
    const background = ebadge.backgroundImageId ? opened.get(ebadge.backgroundImageId) : undefined;
    if (background) drawImage(doc, background, 0, 0, { width, height });
    for (const block of ebadge.blocks)
      await drawBlock(doc, sources, opened, block, guest, { language, sample: options.sample ?? false });
    doc.restore();
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

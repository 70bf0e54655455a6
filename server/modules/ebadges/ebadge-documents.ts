import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, notFound } from "../../platform/errors.js";
import type { AttachmentRef } from "../../platform/mail.tables.js";
import type { Caller } from "../events/events.service.js";
import { events } from "../events/events.tables.js";
import { type EventRow, eventColumnsWithStatus, requireEvent } from "../events/events.visibility.js";
import { ebadgesOfGuests } from "./ebadge-conditions.js";
import { badgeGuests, loadBadgeSources, renderBadgesPdf, sampleGuest } from "./ebadge-pdf.js";
import { type EbadgeRow, requireEbadge } from "./ebadges.service.js";
import { ebadgeSettings, ebadges as ebadgesTable } from "./ebadges.tables.js";

/** A PDF to send: the route makes it and answers SPEC §8's message when the making fails. */
export type BadgeFile = { filename: string; make: () => Promise<Buffer> };

/** Any failure of the drawing itself (a damaged font or image) is SPEC §8 "Qr-codes, Ebadges and Invoices could not be generated." */
export async function madeOrRefused(context: AppContext, make: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await make();
  } catch (error) {
    if (error instanceof AppError) throw error;
    context.logger.error({ err: error }, "an e-badge PDF could not be generated");
    throw new AppError(422, "DOCUMENTS_NOT_GENERATED");
  }
}

async function oneBadge(
  context: AppContext,
  event: EventRow,
  ebadge: EbadgeRow,
  guestId: string | undefined,
  language?: string,
): Promise<BadgeFile> {
  const [guest] = guestId ? await badgeGuests(context.db, event.id, [guestId]) : [sampleGuest()];
  if (!guest) throw notFound();
  return {
    filename: `badge-${guestId ?? "sample"}.pdf`,
    make: async () =>
      renderBadgesPdf(await loadBadgeSources(context, event, [ebadge]), [{ ebadge, guest }], {
        language,
        sample: !guestId,
      }),
  };
}

/** GET ebadges/{id}/pdf: this design for a guest of the event, or for a sample guest. */
export async function ebadgePdf(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  id: string,
  guestId: string | undefined,
): Promise<BadgeFile> {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  return oneBadge(context, event, await requireEbadge(context.db, event.id, id), guestId);
}

/** The badge a guest of the event gets by the conditions (undefined: none is for them; 404 for another event's). */
async function guestEbadge(executor: Executor, eventId: string, guestId: string) {
  return (await ebadgesOfGuests(executor, eventId, [guestId])).get(guestId);
}

/** GET ebadges/guests/{guestId}: the guest's badge by the conditions; 404 "No e-badge is for this guest." */
export async function guestBadgePdf(context: AppContext, { access }: Caller, eventId: string, guestId: string) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  requireEbadgeModule(event);
  const [guest] = await badgeGuests(context.db, event.id, [guestId]);
  if (!guest) throw notFound();
  const ebadge = await guestEbadge(context.db, event.id, guestId);
  if (!ebadge) throw notFound("EBADGE_NONE_FOR_GUEST");
  return oneBadge(context, event, ebadge, guestId);
}

/**
 * Badges are made only while the event's e-badge module is on (SPEC §3 Event modules). Off, its designs, conditions
 * and settings stay as saved, to find again when it is turned back on, but no badge is printed or mailed.
 */
export function requireEbadgeModule(event: Pick<EventRow, "modules">) {
  if (!event.modules.ebadge) throw new AppError(409, "EBADGE_MODULE_OFF");
}

/**
 * Whether the event attaches badges to registration confirmations, as a column of the statement that reads the
 * confirmation's other settings (auto-mails): a registration reads them all in one round trip.
 */
export const attachesBadgeSql = (eventId: string) =>
  sql<boolean>`coalesce((select ${ebadgeSettings.attachToConfirmation} from ${ebadgeSettings}
    where ${ebadgeSettings.eventId} = ${eventId}), false)`;

/**
 * The attachment of a registration confirmation when the event's e-badge module is on, it attaches badges
 * (`attachesBadgeSql`, read by the caller) and one is for the guest. The badge is drawn when the mail leaves (mailer
 * attachment renderers), so a design saved meanwhile is the one sent.
 */
export async function confirmationBadge(
  executor: Executor,
  event: Pick<EventRow, "id" | "modules">,
  attachesBadge: boolean,
  guestId: string,
  language: string,
): Promise<AttachmentRef[]> {
  if (!event.modules.ebadge || !attachesBadge) return [];
  const eventId = event.id;
  const ebadge = await guestEbadge(executor, eventId, guestId);
  return ebadge ? [{ kind: "ebadge", eventId, ebadgeId: ebadge.id, guestId, language }] : [];
}

/**
 * How the mailer makes an `ebadge` attachment: the design named when the mail was queued, or, deleted since, the
 * guest's badge by the conditions now. The confirmation matters more than its badge: with no badge left for the guest,
 * or one that cannot be drawn (logged as SPEC §8 "Qr-codes, Ebadges and Invoices could not be generated."), the mail
 * goes without it. A guest or event deleted meanwhile fails the delivery like any other failure.
 */
export function registerEbadgeRenderers(context: AppContext) {
  context.mailer.registerAttachmentRenderer("ebadge", async (ref) => {
    const [event] = await context.db
      .select(eventColumnsWithStatus)
      .from(events)
      .where(eq(events.id, String(ref.eventId)));
    if (!event) throw new Error(`the event of an e-badge attachment was not found: ${ref.eventId}`);
    const guestId = String(ref.guestId);
    const [named] = await context.db
      .select()
      .from(ebadgesTable)
      .where(and(eq(ebadgesTable.id, String(ref.ebadgeId)), eq(ebadgesTable.eventId, event.id)));
    const ebadge = named ?? (await guestEbadge(context.db, event.id, guestId));
    if (!ebadge) {
      context.logger.info({ guestId, eventId: event.id }, "no e-badge is left for the guest: the mail goes without");
      return undefined;
    }
    const file = await oneBadge(context, event, ebadge, guestId, ref.language);
    const content = await madeOrRefused(context, file.make).catch(() => undefined);
    return content && { filename: "badge.pdf", contentType: "application/pdf", content };
  });
}

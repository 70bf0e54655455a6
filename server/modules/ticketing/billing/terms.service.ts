import { eq } from "drizzle-orm";
import { defaultTicketingParams } from "../../../../contract/ticketing-billing.js";
import type { AppContext } from "../../../platform/context.js";
import { storeUpload, type Upload } from "../../../platform/file-store.js";
import { storedFiles } from "../../../platform/files.tables.js";
import { recordAudit } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { requireEvent, requirePublicEvent } from "../../events/events.visibility.js";
import { readTermsFile } from "../../forms/forms.service.js";
import { ticketingParams } from "./billing.tables.js";
import { readParamsRow } from "./params.service.js";

/** The terms of sale: one PDF per event, which buyers accept before paying (SPEC §5). */

/**
 * Stores a new terms PDF (type read from the bytes: 415 otherwise) in place of the previous one, whose bytes are
 * removed once the change committed. Answers the stored file's name, size and date.
 */
export async function uploadSalesTerms(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  receive: () => Promise<Upload>,
) {
  // Checked before the bytes are read, so a caller without the right never has 15 MB taken from them.
  await requireEvent(context.db, access, eventId, "events.update");
  const upload = await receive();
  const { file, replacedKey } = await context.db.transaction(async (tx) => {
    await requireEvent(tx, access, eventId, "events.update", { lock: true });
    const previous = (await readParamsRow(tx, eventId))?.termsFileId ?? null;
    const file = await storeUpload(context.files, tx, {
      eventId,
      purpose: "ticketing.terms",
      upload,
      accepted: ["pdf"],
    });
    await tx
      .insert(ticketingParams)
      .values({ eventId, ...defaultTicketingParams, salesStartAt: null, salesEndAt: null, termsFileId: file.id })
      .onConflictDoUpdate({ target: ticketingParams.eventId, set: { termsFileId: file.id, updatedAt: new Date() } });
    const [replaced] = previous
      ? await tx.delete(storedFiles).where(eq(storedFiles.id, previous)).returning({ key: storedFiles.storageKey })
      : [];
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: "ticketing.terms.uploaded",
        targetType: "ticketing_params",
        targetId: eventId,
        after: { name: file.name, size: file.size },
      },
      ip,
    );
    return { file, replacedKey: replaced?.key };
  });
  if (replacedKey) await context.files.remove(replacedKey);
  return { name: file.name, size: file.size, uploadedAt: file.createdAt.toISOString() };
}

const termsOf = async (context: AppContext, eventId: string) => {
  const row = await readParamsRow(context.db, eventId);
  return readTermsFile(context, { eventId, termsFileId: row?.termsFileId ?? null });
};

/** The organizer's own copy of the terms, archived events included; 404 when none was uploaded. */
export async function getSalesTerms(context: AppContext, { access }: Caller, eventId: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  return termsOf(context, eventId);
}

/** The terms buyers read on the public side. */
export async function getPublicSalesTerms(context: AppContext, slug: string) {
  const event = await requirePublicEvent(context.db, slug);
  return termsOf(context, event.id);
}

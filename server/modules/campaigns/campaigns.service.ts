import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CampaignContent, CampaignLanguageContent, CampaignType } from "../../../contract/campaigns.js";
import { campaignAttachmentsMaxBytes } from "../../../contract/campaigns.js";
import type {
  Campaign,
  CampaignAttachment,
  CampaignTemplateId,
  campaignList,
  campaignListQuery,
  createCampaignBody,
  updateCampaignBody,
} from "../../../contract/campaigns-editor.js";
import { languages as allLanguages, type Language } from "../../../contract/common.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, fieldError, notFound } from "../../platform/errors.js";
import { type FileKind, storeUpload, type Upload } from "../../platform/file-store.js";
import { storedFiles } from "../../platform/files.tables.js";
import { recordAudit } from "../audit/audit.service.js";
import type { Caller } from "../events/events.service.js";
import { type EventRow, requireEvent } from "../events/events.visibility.js";
import { images } from "../images/images.tables.js";
import { type CampaignRow, personalize, renderCampaign, renderContent, sampleMergeValues } from "./campaign-render.js";
import { templateContents, templateGallery } from "./campaign-templates.js";
import { campaignRecipients, campaigns, senders } from "./campaigns.tables.js";
import { assertNotRejected } from "./error-mails/error-mails.service.js";

/** Stored files attached to campaigns: the purpose of their rows in stored_files. */
export const campaignAttachmentPurpose = "campaign.attachment";
/** PDF, images and office documents (zip archives: docx, xlsx, pptx, odt…). */
const attachmentKinds: readonly FileKind[] = ["pdf", "jpeg", "png", "gif", "webp", "zip"];

/** A campaign whose send has begun or ended cannot change: its mails are (being) written from it. */
const frozenStatuses = new Set<CampaignRow["status"]>(["sending", "sent"]);

const eventLanguages = (event: Pick<EventRow, "languages">): Language[] => {
  const chosen = allLanguages.filter((language) => event.languages.includes(language));
  return chosen.length > 0 ? chosen : ["fr"];
};

/** How many guests a campaign reaches: its send records once the send began, the picked guests before. */
const recordCount = sql<number>`(select count(*)::int from ${campaignRecipients} where ${campaignRecipients.campaignId} = ${campaigns.id})`;
const sentCount = sql<number>`(select count(${campaignRecipients.sentAt})::int from ${campaignRecipients} where ${campaignRecipients.campaignId} = ${campaigns.id})`;
const countColumns = { records: recordCount, sent: sentCount };

type Counts = { records: number; sent: number };

function summaryOf(row: CampaignRow, counts: Counts) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    template: row.template,
    sendingAt: row.sendingAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    recipients: counts.records > 0 ? counts.records : row.selectedGuestIds.length,
    sent: counts.sent,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function attachmentsOf(executor: Executor, row: Pick<CampaignRow, "eventId" | "attachmentIds">) {
  if (row.attachmentIds.length === 0) return [];
  const files = await executor
    .select({
      id: storedFiles.id,
      name: storedFiles.name,
      contentType: storedFiles.contentType,
      size: storedFiles.size,
    })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.eventId, row.eventId),
        eq(storedFiles.purpose, campaignAttachmentPurpose),
        inArray(storedFiles.id, row.attachmentIds),
      ),
    );
  // In the order they were attached.
  return row.attachmentIds.flatMap((id) => files.filter((file) => file.id === id)) satisfies CampaignAttachment[];
}

async function campaignView(executor: Executor, event: EventRow, row: CampaignRow): Promise<Campaign> {
  const [counts] = await executor.select(countColumns).from(campaigns).where(eq(campaigns.id, row.id));
  return {
    ...summaryOf(row, counts ?? { records: 0, sent: 0 }),
    fromName: row.fromName,
    senderId: row.senderId,
    replyEmail: row.replyEmail,
    content: row.content,
    attachments: await attachmentsOf(executor, row),
    languages: eventLanguages(event),
    editable: !frozenStatuses.has(row.status),
  };
}

/** A campaign of the event; 404 when absent or another event's. `lock` holds the row for a change. */
export async function requireCampaign(
  executor: Executor,
  eventId: string,
  id: string,
  lock = false,
): Promise<CampaignRow> {
  const query = executor
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.eventId, eventId), eq(campaigns.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

function requireEditable(row: CampaignRow) {
  if (frozenStatuses.has(row.status)) throw new AppError(409, "CAMPAIGN_ALREADY_SENT");
}

export async function listCampaigns(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  query: z.infer<typeof campaignListQuery>,
): Promise<z.infer<typeof campaignList>> {
  await requireEvent(context.db, access, eventId, "events.read");
  const where = and(
    eq(campaigns.eventId, eventId),
    query.status ? eq(campaigns.status, query.status) : undefined,
    query.type ? eq(campaigns.type, query.type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    context.db
      .select({ row: campaigns, ...countColumns })
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(query.limit)
      .offset(query.offset),
    context.db.select({ count: count() }).from(campaigns).where(where),
  ]);
  return { items: rows.map(({ row, ...counts }) => summaryOf(row, counts)), total: total?.count ?? 0 };
}

export async function getCampaign(context: AppContext, { access }: Caller, eventId: string, id: string) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  return campaignView(context.db, event, await requireCampaign(context.db, eventId, id));
}

export async function createCampaign(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  body: z.infer<typeof createCampaignBody>,
): Promise<Campaign> {
  return context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update");
    const [row] = await tx
      .insert(campaigns)
      .values({
        accountId: event.accountId,
        eventId,
        name: body.name,
        type: body.type,
        template: body.template,
        fromName: event.name.slice(0, 200),
        content: templateContents(body.template, body.type, eventLanguages(event), event.name),
        createdBy: access.principal.kind === "user" ? access.principal.userId : null,
      })
      .returning();
    if (!row) throw new Error("the campaign insert returned no row");
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: event.accountId,
        eventId,
        action: "campaigns.campaign.created",
        targetType: "campaign",
        targetId: row.id,
        after: { name: row.name, type: row.type, template: row.template },
      },
      ip,
    );
    return campaignView(tx, event, row);
  });
}

/** Every image a block names must be one of the event's own images. */
async function checkImages(executor: Executor, eventId: string, content: CampaignContent) {
  const found: { id: string; path: string }[] = [];
  for (const language of allLanguages) {
    content[language]?.blocks.forEach((block, index) => {
      const at = `content.${language}.blocks.${index}`;
      if (block.type === "image") found.push({ id: block.imageId, path: `${at}.imageId` });
      if (block.type === "columns") {
        block.columns.forEach((cell, column) => {
          cell.forEach((inner, row) => {
            if (inner.type === "image")
              found.push({ id: inner.imageId, path: `${at}.columns.${column}.${row}.imageId` });
          });
        });
      }
    });
  }
  if (found.length === 0) return;
  const ids = [...new Set(found.map((image) => image.id))];
  const known = await executor
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.eventId, eventId), inArray(images.id, ids)));
  const knownIds = new Set(known.map((image) => image.id));
  const missing = found.find((image) => !knownIds.has(image.id));
  if (missing) throw fieldError(missing.path, "NOT_FOUND");
}

/** The attachments kept must be the event's campaign files, 8 MB together at most. */
async function checkAttachments(executor: Executor, eventId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const files = await executor
    .select({ id: storedFiles.id, size: storedFiles.size })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.eventId, eventId),
        eq(storedFiles.purpose, campaignAttachmentPurpose),
        inArray(storedFiles.id, unique),
      ),
    );
  if (files.length !== unique.length) throw fieldError("attachmentIds", "NOT_FOUND");
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > campaignAttachmentsMaxBytes) throw new AppError(413, "FILE_TOO_BIG");
  return unique;
}

async function changeCampaign(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  id: string,
  action: string,
  change: (event: EventRow, row: CampaignRow, tx: Executor) => Promise<Partial<typeof campaigns.$inferInsert>>,
): Promise<Campaign> {
  return context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update");
    const before = await requireCampaign(tx, eventId, id, true);
    requireEditable(before);
    const values = await change(event, before, tx);
    const [row] = await tx
      .update(campaigns)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(campaigns.id, id))
      .returning();
    if (!row) throw notFound();
    const changed = Object.keys(values).filter((key) => key !== "content");
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: event.accountId,
        eventId,
        action,
        targetType: "campaign",
        targetId: id,
        before: Object.fromEntries(changed.map((key) => [key, before[key as keyof CampaignRow]])),
        after: {
          ...Object.fromEntries(changed.map((key) => [key, row[key as keyof CampaignRow]])),
          ...("content" in values && { contentChanged: true }),
        },
      },
      ip,
    );
    return campaignView(tx, event, row);
  });
}

/** POST {id}: only the fields sent change; refused once the campaign is sending or sent. */
export async function updateCampaign(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  body: z.infer<typeof updateCampaignBody>,
) {
  return changeCampaign(context, caller, eventId, id, "campaigns.campaign.updated", async (event, _row, tx) => {
    const values: Partial<typeof campaigns.$inferInsert> = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.fromName !== undefined) values.fromName = body.fromName;
    if (body.replyEmail !== undefined) values.replyEmail = body.replyEmail || null;
    if (body.senderId !== undefined) {
      if (body.senderId !== null) await requireSenderOfAccount(tx, event.accountId, body.senderId);
      values.senderId = body.senderId;
    }
    if (body.content !== undefined) {
      // Only the event's languages are kept: a language removed from the event leaves the campaign with it.
      const kept = eventLanguages(event);
      const content: CampaignContent = Object.fromEntries(
        Object.entries(body.content).filter(([language]) => kept.includes(language as Language)),
      );
      await checkImages(tx, eventId, content);
      values.content = content;
    }
    if (body.attachmentIds !== undefined)
      values.attachmentIds = await checkAttachments(tx, eventId, body.attachmentIds);
    return values;
  });
}

/** A sender of the campaign's account (verified or not: the send checks it is verified). */
async function requireSenderOfAccount(executor: Executor, accountId: string, senderId: string) {
  const [sender] = await executor
    .select({ id: senders.id })
    .from(senders)
    .where(and(eq(senders.id, senderId), eq(senders.accountId, accountId)));
  if (!sender) throw fieldError("senderId", "NOT_FOUND");
}

/** The template change: its blocks replace those of every language; subjects the organizer wrote stay. */
export async function applyCampaignTemplate(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  template: CampaignTemplateId,
) {
  return changeCampaign(context, caller, eventId, id, "campaigns.campaign.template_changed", async (event, row) => {
    const fresh = templateContents(template, row.type, eventLanguages(event), event.name);
    const content: CampaignContent = {};
    for (const language of eventLanguages(event)) {
      const current = row.content[language];
      const next = fresh[language] as CampaignLanguageContent;
      content[language] = {
        subject: current?.subject || next.subject,
        previewText: current?.previewText || next.previewText,
        blocks: next.blocks,
      };
    }
    return { template, content };
  });
}

/** Only a draft or a cancelled campaign is deleted: a scheduled one is cancelled first, a sent one stays. */
export async function deleteCampaign(context: AppContext, { access, ip }: Caller, eventId: string, id: string) {
  await context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update");
    const row = await requireCampaign(tx, eventId, id, true);
    if (row.status !== "draft" && row.status !== "cancelled") throw new AppError(409, "CAMPAIGN_NOT_DELETED");
    await tx.delete(campaigns).where(eq(campaigns.id, id));
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: event.accountId,
        eventId,
        action: "campaigns.campaign.deleted",
        targetType: "campaign",
        targetId: id,
        before: { name: row.name, type: row.type, status: row.status },
      },
      ip,
    );
  });
}

const copyNames: Record<Language, string> = { en: "Copy of %s", fr: "Copie de %s", es: "Copia de %s" };

/** A new draft with the campaign's settings and content (not its recipients, dates or send records). */
export async function duplicateCampaign(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  id: string,
  language: Language,
) {
  return context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update");
    const source = await requireCampaign(tx, eventId, id);
    const [row] = await tx
      .insert(campaigns)
      .values({
        accountId: source.accountId,
        eventId,
        name: copyNames[language].replace("%s", () => source.name).slice(0, 200),
        type: source.type,
        template: source.template,
        fromName: source.fromName,
        senderId: source.senderId,
        replyEmail: source.replyEmail,
        content: source.content,
        attachmentIds: source.attachmentIds,
        createdBy: access.principal.kind === "user" ? access.principal.userId : null,
      })
      .returning();
    if (!row) throw new Error("the campaign insert returned no row");
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: event.accountId,
        eventId,
        action: "campaigns.campaign.duplicated",
        targetType: "campaign",
        targetId: row.id,
        after: { from: source.id, name: row.name },
      },
      ip,
    );
    return campaignView(tx, event, row);
  });
}

export async function campaignTemplates(context: AppContext, { access }: Caller, eventId: string, type: CampaignType) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  return { items: templateGallery(type, eventLanguages(event), event.name) };
}

/** A language's mail as a guest reads it, with sample names and links in place of the merge tags. */
export async function previewCampaign(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  id: string,
  language: Language,
) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const row = await requireCampaign(context.db, eventId, id);
  return personalize(await renderCampaign(context, row, language), sampleMergeValues(context.config, event, language));
}

/** The editor's live preview: the content as it stands in the editor, not saved. */
export async function previewDraftContent(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  id: string,
  language: Language,
  content: CampaignLanguageContent,
) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  await requireCampaign(context.db, eventId, id);
  return personalize(
    await renderContent(context.config, content, language),
    sampleMergeValues(context.config, event, language),
  );
}

const testPrefix: Record<Language, string> = { en: "[Test]", fr: "[Test]", es: "[Prueba]" };

/**
 * A test of a language's mail to any address (SPEC §2 "a test send"), with sample merge values and the attachments,
 * through the platform's mail queue with the campaign's from name. An address of the account's error mails is
 * refused ("An email sent to this address has been rejected."). Spends no credit.
 */
export async function sendTestMail(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  id: string,
  input: { email: string; language: Language },
) {
  await context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update");
    const row = await requireCampaign(tx, eventId, id);
    await assertNotRejected(tx, event.accountId, input.email);
    const mail = personalize(
      await renderCampaign(context, row, input.language),
      sampleMergeValues(context.config, event, input.language),
    );
    const attachments = await attachmentsOf(tx, row);
    await context.mailer.enqueue(tx, {
      to: input.email,
      template: "campaigns.test",
      language: input.language,
      accountId: event.accountId,
      eventId,
      subject: `${testPrefix[input.language]} ${mail.subject}`.slice(0, 200),
      rendered: { html: mail.html, text: mail.text },
      fromName: row.fromName || event.name,
      attachments: attachments.map((file) => ({ kind: campaignAttachmentPurpose, fileId: file.id })),
    });
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: event.accountId,
        eventId,
        action: "campaigns.campaign.test_sent",
        targetType: "campaign",
        targetId: id,
        after: { email: input.email, language: input.language },
      },
      ip,
    );
  });
  await context.mailer.kick();
}

/**
 * Attaches an uploaded file: its type read from its bytes (PDF, image, office document), the campaign's attachments
 * 8 MB together at most (413 "The file uploaded is too big.").
 */
export async function uploadCampaignAttachment(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  id: string,
  receive: () => Promise<Upload>,
): Promise<CampaignAttachment> {
  // Checked before the bytes are read, so a caller without the right never has 8 MB taken from them.
  await requireEvent(context.db, access, eventId, "events.update");
  requireEditable(await requireCampaign(context.db, eventId, id));
  const upload = await receive();
  return context.db.transaction(async (tx) => {
    const event = await requireEvent(tx, access, eventId, "events.update");
    const row = await requireCampaign(tx, eventId, id, true);
    requireEditable(row);
    const current = await attachmentsOf(tx, row);
    const used = current.reduce((sum, file) => sum + file.size, 0);
    if (used + upload.bytes.length > campaignAttachmentsMaxBytes) throw new AppError(413, "FILE_TOO_BIG");
    const file = await storeUpload(context.files, tx, {
      eventId,
      purpose: campaignAttachmentPurpose,
      upload,
      accepted: attachmentKinds,
    });
    await tx
      .update(campaigns)
      .set({ attachmentIds: [...row.attachmentIds, file.id], updatedAt: sql`now()` })
      .where(eq(campaigns.id, id));
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: event.accountId,
        eventId,
        action: "campaigns.campaign.attachment_added",
        targetType: "campaign",
        targetId: id,
        after: { file: file.id, name: file.name, size: file.size },
      },
      ip,
    );
    return { id: file.id, name: file.name, contentType: file.contentType, size: file.size };
  });
}

/** A campaign's attachment: its name, type and bytes; 404 when the campaign does not carry it. */
export async function readCampaignAttachment(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  id: string,
  fileId: string,
) {
  await requireEvent(context.db, access, eventId, "events.read");
  const row = await requireCampaign(context.db, eventId, id);
  if (!row.attachmentIds.includes(fileId)) throw notFound();
  return readAttachmentFile(context, eventId, fileId);
}

async function readAttachmentFile(context: AppContext, eventId: string, fileId: string) {
  const [file] = await context.db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.id, fileId),
        eq(storedFiles.eventId, eventId),
        eq(storedFiles.purpose, campaignAttachmentPurpose),
      ),
    );
  if (!file) throw notFound();
  return {
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    stream: context.files.read(file.storageKey),
  };
}

/**
 * The files of a campaign's attachments, as mails carry them: the test send's references (kind
 * `campaign.attachment`, `fileId`) are made by this renderer at delivery; the campaign's sender reads them with
 * `campaignAttachmentFiles`.
 */
export function registerCampaignAttachmentRenderer(context: AppContext) {
  context.mailer.registerAttachmentRenderer(campaignAttachmentPurpose, async (ref) => {
    const [file] = await context.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.id, String(ref.fileId)), eq(storedFiles.purpose, campaignAttachmentPurpose)));
    if (!file) throw new Error(`the campaign attachment ${ref.fileId} of a mail was not found`);
    return { filename: file.name, contentType: file.contentType, content: await readAll(context, file.storageKey) };
  });
}

async function readAll(context: AppContext, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of context.files.read(key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A campaign's attachments with their bytes, read once per send (not per mail), in the order they were attached. */
export async function campaignAttachmentFiles(
  context: AppContext,
  campaign: Pick<CampaignRow, "eventId" | "attachmentIds">,
): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
  if (campaign.attachmentIds.length === 0) return [];
  const files = await context.db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.eventId, campaign.eventId),
        eq(storedFiles.purpose, campaignAttachmentPurpose),
        inArray(storedFiles.id, campaign.attachmentIds),
      ),
    );
  const ordered = campaign.attachmentIds.flatMap((id) => files.filter((file) => file.id === id));
  return Promise.all(
    ordered.map(async (file) => ({
      filename: file.name,
      contentType: file.contentType,
      content: await readAll(context, file.storageKey),
    })),
  );
}

import { isDeepStrictEqual } from "node:util";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import {
  type Form,
  type FormBody,
  type FormItem,
  type FormOptions,
  type FormType,
  formQuestions,
  formViolations,
  type RuleViolation,
} from "../../../contract/forms.js";
import { type Executor, rowsOf } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, fieldError, isUniqueViolation, notFound } from "../../platform/errors.js";
import { storeUpload, type Upload } from "../../platform/file-store.js";
import { storedFiles } from "../../platform/files.tables.js";
import { changedFields, recordAudit } from "../audit/audit.service.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent } from "../events/events.visibility.js";
import { linkCustomFields, questionPaths } from "./forms.custom-fields.js";
import { formAnswerCounts, formSubmissions, forms } from "./forms.tables.js";

export type FormRow = typeof forms.$inferSelect;

/** A new form's options: offline, no dates, no approval, no companions (SPEC §4: a form starts as a draft). */
export const defaultFormOptions: FormOptions = {
  online: false,
  opensAt: null,
  closesAt: null,
  requiresApproval: false,
  companionsEnabled: false,
  confirmationMessage: {},
};

const formColumns = {
  form: forms,
  terms: { name: storedFiles.name, size: storedFiles.size, uploadedAt: storedFiles.createdAt },
  submissionCount: sql<number>`(select count(*)::int from ${formSubmissions}
    where ${formSubmissions.formId} = ${forms.id})`,
};
type FormSelection = { form: FormRow; terms: { name: string; size: number; uploadedAt: Date } | null };

function toForm({ form, terms, submissionCount }: FormSelection & { submissionCount: number }): Form {
  return {
    id: form.id,
    eventId: form.eventId,
    type: form.type,
    title: form.title,
    description: form.description,
    status: form.status,
    items: form.items,
    options: form.options,
    terms: terms && { name: terms.name, size: terms.size, uploadedAt: terms.uploadedAt.toISOString() },
    submissionCount,
    publishedAt: form.publishedAt?.toISOString() ?? null,
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
  };
}

function selectForms(executor: Executor) {
  return executor.select(formColumns).from(forms).leftJoin(storedFiles, eq(storedFiles.id, forms.termsFileId));
}

/** A form of the event, or 404: a form id never reaches across events. */
export async function requireForm(executor: Executor, eventId: string, id: string, options: { lock?: boolean } = {}) {
  const query = executor
    .select()
    .from(forms)
    .where(and(eq(forms.eventId, eventId), eq(forms.id, id)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

async function readForm(executor: Executor, id: string): Promise<Form> {
  const [row] = await selectForms(executor).where(eq(forms.id, id));
  if (!row) throw notFound();
  return toForm(row);
}

export async function listForms(context: AppContext, { access }: Caller, eventId: string, type?: FormType) {
  await requireEvent(context.db, access, eventId, "events.read");
  const rows = await selectForms(context.db)
    .where(and(eq(forms.eventId, eventId), type ? eq(forms.type, type) : undefined))
    .orderBy(asc(forms.createdAt), asc(forms.id));
  const items = rows.map((row) => {
    const { items: _working, ...summary } = toForm(row);
    return summary;
  });
  return { items, total: items.length };
}

export async function getForm(context: AppContext, { access }: Caller, eventId: string, id: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  await requireForm(context.db, eventId, id);
  return readForm(context.db, id);
}

/** A 400 naming each broken rule at its path, the first rule's message as the headline. */
export function refuseViolations(violations: readonly RuleViolation[]): void {
  const [first] = violations;
  if (!first) return;
  const fields: Record<string, RuleViolation["message"]> = {};
  for (const { path, message } of violations) fields[path] ??= message;
  throw new AppError(400, first.message.code, { values: first.message.values, fields });
}

/** jsonb keeps neither key order nor absent keys: compare what the values say, not how they were written. */
const sameJson = (a: unknown, b: unknown) =>
  isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
const writtenTexts = (label: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(label).filter(([, text]) => text?.trim()));

/**
 * SPEC §5 "An answer already chosen by guests cannot be edited": an answer of the stored form that the save removes
 * or relabels, when a submission holds it or its quota counter is above 0.
 */
async function chosenAnswerViolations(tx: Executor, current: FormRow, next: readonly FormItem[]) {
  const nextPaths = questionPaths(next);
  const nextQuestions = new Map(formQuestions(next).map((question) => [question.id, question]));
  const touched: { questionId: string; answerId: string; path: string }[] = [];
  for (const before of formQuestions(current.items)) {
    const after = nextQuestions.get(before.id);
    const questionPath = nextPaths.get(before.id);
    before.answers.forEach((answer) => {
      const index = after?.answers.findIndex((candidate) => candidate.id === answer.id) ?? -1;
      const kept = after?.answers[index];
      if (kept && sameJson(writtenTexts(kept.label), writtenTexts(answer.label))) return;
      const path = !questionPath
        ? "items"
        : kept
          ? `${questionPath}.answers.${index}.label`
          : `${questionPath}.answers`;
      touched.push({ questionId: before.id, answerId: answer.id, path });
    });
  }
  if (touched.length === 0) return [];
  const candidates = sql.join(
    touched.map(({ questionId, answerId }) => sql`(${questionId}::text, ${answerId}::text)`),
    sql`, `,
  );
  const chosen = await rowsOf<{ question_id: string; answer_id: string }>(
    tx,
    sql`
    select q.question_id, q.answer_id from (values ${candidates}) as q(question_id, answer_id)
    where exists (select 1 from ${formAnswerCounts} c where c.form_id = ${current.id}
        and c.question_id = q.question_id and c.answer_id = q.answer_id and c.chosen > 0)
      or exists (select 1 from ${formSubmissions} s where s.form_id = ${current.id}
        and s.answers -> q.question_id @> to_jsonb(q.answer_id))`,
  );
  const taken = new Set(chosen.map((row) => `${row.question_id}/${row.answer_id}`));
  return touched
    .filter(({ questionId, answerId }) => taken.has(`${questionId}/${answerId}`))
    .map(({ path }): RuleViolation => ({ path, message: { code: "ANSWER_ALREADY_CHOSEN" } }));
}

/**
 * Stores a terms PDF (type read from the bytes, 415 otherwise) in place of the form's previous one, in `tx`.
 * Answers the storage key of the replaced file, whose bytes the caller removes once the transaction committed.
 */
async function replaceTerms(
  context: AppContext,
  tx: Executor,
  { access, ip }: Caller,
  form: { id: string; eventId: string; termsFileId: string | null },
  upload: Upload,
) {
  const file = await storeUpload(context.files, tx, {
    eventId: form.eventId,
    purpose: "form.terms",
    upload,
    accepted: ["pdf"],
  });
  await tx.update(forms).set({ termsFileId: file.id, updatedAt: new Date() }).where(eq(forms.id, form.id));
  const replaced = form.termsFileId ? await deleteStoredFile(tx, form.termsFileId) : null;
  await recordAudit(
    tx,
    access.principal,
    {
      accountId: access.accountId,
      eventId: form.eventId,
      action: "forms.form.terms_uploaded",
      targetType: "form",
      targetId: form.id,
      after: { name: file.name, size: file.size },
    },
    ip,
  );
  return replaced;
}

async function deleteStoredFile(tx: Executor, id: string): Promise<string | null> {
  const [row] = await tx.delete(storedFiles).where(eq(storedFiles.id, id)).returning();
  return row?.storageKey ?? null;
}

/** An online form stays "online" while its items are the published ones, and is "updated" once they differ. */
function statusAfterSave(current: FormRow, items: FormItem[]): FormRow["status"] {
  if (current.status === "draft") return "draft";
  return sameJson(current.publishedItems, items) ? "online" : "updated";
}

/**
 * Creates (no id) or saves a form with its items checked against the rules of SPEC §5, its questions' custom
 * fields linked or created, and an optional terms PDF, all in one transaction.
 */
export async function saveForm(
  context: AppContext,
  caller: Caller,
  eventId: string,
  body: FormBody,
  terms: Upload | null,
): Promise<{ form: Form; created: boolean }> {
  const { access, ip } = caller;
  let replacedKey: string | null = null;
  const saved = await context.db.transaction(async (tx) => {
    // The event's lock serialises saves of its forms, and the custom fields they create.
    const event = await requireEvent(tx, access, eventId, "events.update", { lock: true });
    const current = body.id ? await requireForm(tx, eventId, body.id, { lock: true }) : null;
    if (current && current.type !== body.type) throw fieldError("type", "FIELD_INVALID");
    refuseViolations([
      ...formViolations(body),
      ...(current ? await chosenAnswerViolations(tx, current, body.items) : []),
    ]);
    const linked = await linkCustomFields(tx, caller, event, body.items);
    refuseViolations(linked.violations);
    const values = { title: body.title, description: body.description, items: linked.items };
    let row: FormRow | undefined;
    if (current) {
      const status = statusAfterSave(current, linked.items);
      [row] = await tx
        .update(forms)
        .set({ ...values, status, updatedAt: new Date() })
        .where(eq(forms.id, current.id))
        .returning();
    } else {
      [row] = await tx
        .insert(forms)
        .values({ ...values, eventId, type: body.type, options: defaultFormOptions })
        .returning();
    }
    if (!row) throw new Error("the form write returned no row");
    const summary = (form: FormRow) => ({ title: form.title, status: form.status, itemCount: form.items.length });
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: current ? "forms.form.saved" : "forms.form.created",
        targetType: "form",
        targetId: row.id,
        ...(current ? changedFields(summary(current), summary(row)) : { after: { type: row.type, ...summary(row) } }),
      },
      ip,
    );
    if (terms) replacedKey = await replaceTerms(context, tx, caller, row, terms);
    return { form: await readForm(tx, row.id), created: !current };
  });
  if (replacedKey) await context.files.remove(replacedKey);
  return saved;
}

export async function uploadTerms(
  context: AppContext,
  caller: Caller,
  eventId: string,
  id: string,
  receive: () => Promise<Upload>,
) {
  // Checked before the bytes are read, so a caller without the right never has 15 MB taken from them.
  await requireEvent(context.db, caller.access, eventId, "events.update");
  await requireForm(context.db, eventId, id);
  const upload = await receive();
  const { form, replacedKey } = await context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update");
    const form = await requireForm(tx, eventId, id, { lock: true });
    const replacedKey = await replaceTerms(context, tx, caller, form, upload);
    return { form: await readForm(tx, id), replacedKey };
  });
  if (replacedKey) await context.files.remove(replacedKey);
  if (!form.terms) throw new Error("terms not stored");
  return form.terms;
}

/** The form's terms PDF: its name and a stream of its bytes; 404 when the form has none. */
export async function readTermsFile(context: AppContext, form: { eventId: string; termsFileId: string | null }) {
  if (!form.termsFileId) throw notFound();
  const [file] = await context.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, form.termsFileId), eq(storedFiles.eventId, form.eventId)));
  if (!file) throw notFound();
  return { name: file.name, contentType: file.contentType, stream: context.files.read(file.storageKey) };
}

export async function getTerms(context: AppContext, { access }: Caller, eventId: string, id: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  return readTermsFile(context, await requireForm(context.db, eventId, id));
}

export async function getFormOptions(context: AppContext, { access }: Caller, eventId: string, id: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  return (await requireForm(context.db, eventId, id)).options;
}

/**
 * Changes a form's options. `online: true` checks the form rules again and publishes the working items (one online
 * form of each type per event: 409 otherwise); `online: false` takes the form offline, its published copy kept.
 */
export async function setFormOptions(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  id: string,
  changes: Partial<FormOptions>,
): Promise<FormOptions> {
  return context.db.transaction(async (tx) => {
    await requireEvent(tx, access, eventId, "events.update", { lock: true });
    const form = await requireForm(tx, eventId, id, { lock: true });
    const options = { ...form.options, ...changes };
    if (options.opensAt && options.closesAt && Date.parse(options.closesAt) <= Date.parse(options.opensAt)) {
      throw fieldError("closesAt", "FORM_CLOSES_BEFORE_OPENS");
    }
    let publication: Partial<FormRow> = {};
    let action = "forms.form.saved";
    if (changes.online === true) {
      refuseViolations(formViolations(form));
      const [other] = await tx
        .select({ id: forms.id })
        .from(forms)
        .where(and(eq(forms.eventId, eventId), eq(forms.type, form.type), ne(forms.status, "draft"), ne(forms.id, id)));
      if (other) throw new AppError(409, "FORM_ALREADY_ONLINE");
      publication = { status: "online", publishedItems: form.items, publishedAt: new Date() };
      action = "forms.form.published";
    } else if (changes.online === false && form.status !== "draft") {
      publication = { status: "draft" };
      action = "forms.form.unpublished";
    }
    const changed = changedFields(form.options, options);
    if (action === "forms.form.saved" && Object.keys(changed.after).length === 0) return options;
    try {
      await tx
        .update(forms)
        .set({ options, ...publication, updatedAt: new Date() })
        .where(eq(forms.id, id));
    } catch (error) {
      if (isUniqueViolation(error, "forms_event_type_online")) throw new AppError(409, "FORM_ALREADY_ONLINE");
      throw error;
    }
    await recordAudit(
      tx,
      access.principal,
      { accountId: access.accountId, eventId, action, targetType: "form", targetId: id, ...changed },
      ip,
    );
    return options;
  });
}

/** Deletes a form and its submissions; the guests they created or updated, and their field values, stay. */
export async function deleteForm(context: AppContext, { access, ip }: Caller, eventId: string, id: string) {
  const replacedKey = await context.db.transaction(async (tx) => {
    await requireEvent(tx, access, eventId, "events.update");
    const form = await requireForm(tx, eventId, id, { lock: true });
    await tx.delete(forms).where(eq(forms.id, id));
    const termsKey = form.termsFileId ? await deleteStoredFile(tx, form.termsFileId) : null;
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: "forms.form.deleted",
        targetType: "form",
        targetId: id,
        before: { type: form.type, title: form.title, status: form.status },
      },
      ip,
    );
    return termsKey;
  });
  if (replacedKey) await context.files.remove(replacedKey);
}

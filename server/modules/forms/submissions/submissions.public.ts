import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { idSchema } from "../../../../contract/common.js";
import {
  type Answers,
  type FormItem,
  type FormType,
  formFileMaxBytes,
  formQuestions,
  type MemberFormAnswers,
  type PublicForm,
} from "../../../../contract/forms.js";
import type { Database, Executor } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, notFound } from "../../../platform/errors.js";
import { receiveUpload, storeUpload } from "../../../platform/file-store.js";
import { storedFiles } from "../../../platform/files.tables.js";
import { consumeRateLimit } from "../../../platform/rate-limit.js";
import { type EventRow, requirePublicEvent } from "../../events/events.visibility.js";
import type { Member } from "../../guests/member-sessions.js";
import { formSubmissions, forms } from "../forms.tables.js";
import { availabilityByDates, formAvailability } from "./submissions.availability.js";
import type { FormRow } from "./submissions.checks.js";
import { fileAnswersOf } from "./submissions.guest-values.js";
import { readFormCompanions } from "./submissions.guests.js";
import { filledAnswerIds } from "./submissions.quotas.js";
import { formPostLimits, onlineFormOfType } from "./submissions.service.js";

const termsUrlOf = (slug: string, form: Pick<FormRow, "id" | "termsFileId">) =>
  form.termsFileId ? `/api/v1/public/events/${slug}/forms/${form.id}/terms` : null;

/**
 * A form as a guest sees it (texts in every language: the page picks one), from its published items, or from the
 * working ones for the builder's preview. The registration form also carries what companions need: the most a guest
 * may bring, and the companion form with its filled quotas. Availability and filled quotas are always the live ones.
 */
export async function toPublicForm(
  executor: Executor,
  event: EventRow,
  form: FormRow,
  items: FormItem[] = form.publishedItems ?? [],
): Promise<PublicForm> {
  const companionsEnabled = form.type === "registration" && form.options.companionsEnabled;
  const companionForm = companionsEnabled ? await onlineFormOfType(executor, event.id, "companion") : undefined;
  return {
    id: form.id,
    type: form.type,
    title: form.title,
    description: form.description,
    items,
    availability: await formAvailability(executor, form, event),
    opensAt: form.options.opensAt,
    closesAt:
      form.options.closesAt ??
      (form.type === "registration" ? (event.registrationClosesAt?.toISOString() ?? null) : null),
    requiresApproval: form.options.requiresApproval,
    ratingMax: event.ratingMax,
    maxCompanions: companionsEnabled ? event.maxCompanions : 0,
    companionForm: companionForm
      ? {
          id: companionForm.id,
          items: companionForm.publishedItems ?? [],
          filledAnswerIds: await filledAnswerIds(executor, companionForm.id, companionForm.publishedItems ?? []),
        }
      : null,
    filledAnswerIds: await filledAnswerIds(executor, form.id, items),
    termsUrl: termsUrlOf(event.slug, form),
    confirmationMessage: form.options.confirmationMessage,
  };
}

/** `GET /public/events/{slug}/forms/{type}`: the online registration or survey form; none (or a draft) is 404. */
export async function getPublicForm(db: Database, slug: string, type: FormType): Promise<PublicForm> {
  const event = await requirePublicEvent(db, slug);
  const form = type === "companion" ? undefined : await onlineFormOfType(db, event.id, type);
  if (!form) throw notFound();
  return toPublicForm(db, event, form);
}

/** A published form of the event by id; another event's form, or a draft, does not exist here. */
async function requirePublishedForm(executor: Executor, eventId: string, formId: string): Promise<FormRow> {
  const [form] = await executor
    .select()
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.eventId, eventId), ne(forms.status, "draft")));
  if (!form) throw notFound();
  return form;
}

/** The terms PDF of a published form, for `GET /public/events/{slug}/forms/{formId}/terms`. */
export async function publicTermsFile(context: AppContext, slug: string, formId: string) {
  const event = await requirePublicEvent(context.db, slug);
  const form = await requirePublishedForm(context.db, event.id, formId);
  if (!form.termsFileId) throw notFound();
  const [file] = await context.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, form.termsFileId), eq(storedFiles.eventId, event.id)));
  if (!file) throw notFound();
  return { file, stream: context.files.read(file.storageKey) };
}

/** Files a guest may answer with: documents and pictures, recognised from their bytes. */
const answerFileKinds = ["pdf", "jpeg", "png", "gif", "webp", "zip"] as const;

/**
 * `POST /{event}/forms/uploadFile`: a file answered to a file question of a published form of this event, kept
 * under the event (purpose `form.answer`); its id becomes the answer. `userId` is accepted for the legacy clients
 * that send it and ignored: the file is tied to a guest by the submission that names it.
 */
export async function uploadFormFile(context: AppContext, slug: string, request: FastifyRequest) {
  await consumeRateLimit(context.db, [formPostLimits(context.config).perIp, request.ip]);
  const event = await requirePublicEvent(context.db, slug);
  const upload = await receiveUpload(request, formFileMaxBytes);
  const formId = idSchema.safeParse(upload.fields.formId);
  if (!formId.success) throw notFound();
  const form = await requirePublishedForm(context.db, event.id, formId.data);
  if (!formQuestions(form.publishedItems ?? []).some((question) => question.type === "file")) {
    throw new AppError(400, "FIELD_INVALID", { fields: { formId: { code: "FIELD_INVALID" } } });
  }
  const row = await context.db.transaction((tx) =>
    storeUpload(context.files, tx, { eventId: event.id, purpose: "form.answer", upload, accepted: answerFileKinds }),
  );
  return { id: row.id, name: row.name, size: row.size, type: row.contentType };
}

async function filesNamed(executor: Executor, eventId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await executor
    .select()
    .from(storedFiles)
    .where(and(inArray(storedFiles.id, ids), eq(storedFiles.eventId, eventId), eq(storedFiles.purpose, "form.answer")));
  return rows.map((row) => ({ id: row.id, name: row.name, size: row.size, type: row.contentType }));
}

/**
 * `GET /public/events/{slug}/member/answers`: what the signed-in guest answered to the event's published forms,
 * with their companions' answers for the registration. Only this guest's rows are ever read.
 */
export async function memberFormAnswers(db: Database, member: Member): Promise<MemberFormAnswers> {
  const { event, guest } = member;
  const rows = await db
    .select({ form: forms, answers: formSubmissions.answers, submittedAt: formSubmissions.updatedAt })
    .from(formSubmissions)
    .innerJoin(forms, eq(forms.id, formSubmissions.formId))
    .where(and(eq(formSubmissions.guestId, guest.id), eq(forms.eventId, event.id), ne(forms.status, "draft")))
    .orderBy(asc(forms.type), asc(formSubmissions.createdAt));
  const companionForm = await onlineFormOfType(db, event.id, "companion");
  const items: MemberFormAnswers["items"] = [];
  for (const { form, answers, submittedAt } of rows) {
    if (form.type === "companion") continue;
    const companions = form.type === "registration" ? await companionAnswers(db, guest.id, companionForm?.id) : [];
    const fileIds = [
      ...fileAnswersOf(form.publishedItems ?? [], answers),
      ...companions.flatMap((companion) => fileAnswersOf(companionForm?.publishedItems ?? [], companion.answers)),
    ].map((file) => file.fileId);
    const availability = await formAvailability(db, form, event);
    items.push({
      formId: form.id,
      type: form.type,
      title: form.title,
      items: form.publishedItems ?? [],
      ratingMax: event.ratingMax,
      answers,
      files: await filesNamed(db, event.id, fileIds),
      companions,
      availability,
      // A full event still lets a registered guest change their answers: their seat is theirs.
      canChange: availabilityByDates(form, event) === "open",
      submittedAt: submittedAt.toISOString(),
    });
  }
  return { items };
}

async function companionAnswers(db: Database, hostId: string, companionFormId: string | undefined) {
  const companions = await readFormCompanions(db, hostId, { lock: false });
  if (companions.length === 0) return [];
  const submissions = companionFormId
    ? await db
        .select({ guestId: formSubmissions.guestId, answers: formSubmissions.answers })
        .from(formSubmissions)
        .where(
          and(
            eq(formSubmissions.formId, companionFormId),
            inArray(
              formSubmissions.guestId,
              companions.map((row) => row.id),
            ),
          ),
        )
    : [];
  const answersOf = new Map<string, Answers>(submissions.map((row) => [row.guestId, row.answers]));
  return companions.map((row) => ({ mail: row.email, answers: answersOf.get(row.id) ?? {} }));
}

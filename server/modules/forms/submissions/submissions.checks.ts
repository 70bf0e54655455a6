import type { Language } from "../../../../contract/common.js";
import type { CodedMessage } from "../../../../contract/error-messages.js";
import { type Answers, type FormItem, type SendFormBody, submissionViolations } from "../../../../contract/forms.js";
import type { Executor } from "../../../db/connection.js";
import { AppError } from "../../../platform/errors.js";
import type { EventRow } from "../../events/events.visibility.js";
import type { forms } from "../forms.tables.js";
import { fileAnswersOf, type GuestValues, guestValuesOf, unknownFileAnswers } from "./submissions.guest-values.js";

export type FormRow = typeof forms.$inferSelect;
/** One person of a submission once checked: the answers kept (visible, not read-only, not empty) and where they land. */
export type CheckedPerson = { mail: string | null; kept: Answers; values: GuestValues };
export type CheckedSubmission = { host: CheckedPerson; companions: CheckedPerson[] };

/** Every broken rule of a submission in one 400, so the guest sees them all at once (headline: the one message). */
export function violationsError(fields: Record<string, CodedMessage>): AppError {
  const codes = Object.values(fields);
  const headline = codes.length === 1 && codes[0] ? codes[0] : { code: "VALIDATION" as const };
  return new AppError(400, headline.code, { values: headline.values, fields });
}

function checkPerson(
  items: readonly FormItem[],
  answers: Answers,
  mail: string | null,
  context: { ratingMax: number; language: Language; prefix: string; found: Record<string, CodedMessage> },
): CheckedPerson {
  const { violations, kept } = submissionViolations(items, answers, context.ratingMax);
  const { values, violations: landing } = guestValuesOf(items, kept, context.language);
  for (const [questionId, message] of Object.entries({ ...landing, ...violations })) {
    context.found[`${context.prefix}.${questionId}`] = message;
  }
  return { mail, kept, values };
}

/**
 * SPEC §5 on a submission, before anything is written: privacy (always) and terms (when the form has a terms file)
 * accepted, each answer by its question's rules, file answers naming files of this event, and for a registration the
 * companions (enabled, within the event's maximum, distinct emails, each checked against the companion form).
 */
export async function checkSubmission(
  executor: Executor,
  input: {
    event: EventRow;
    form: FormRow;
    companionItems: readonly FormItem[] | null;
    body: SendFormBody;
    language: Language;
  },
): Promise<CheckedSubmission> {
  const { event, form, body, language } = input;
  const found: Record<string, CodedMessage> = {};
  if (!body.privacyAccepted) found.privacyAccepted = { code: "PRIVACY_REQUIRED" };
  if (form.termsFileId && !body.termsAccepted) found.termsAccepted = { code: "TERMS_REQUIRED" };

  const shared = { ratingMax: event.ratingMax, language, found };
  const host = checkPerson(form.publishedItems ?? [], body.items, body.mail, { ...shared, prefix: "items" });
  const companionsAllowed =
    form.type === "registration" && form.options.companionsEnabled && body.companions.length <= event.maxCompanions;
  if (body.companions.length > 0 && !companionsAllowed) found.companions = { code: "COMPANION_NOT_ADDED" };
  const companionItems = input.companionItems ?? [];
  const companions = companionsAllowed
    ? body.companions.map((companion, index) =>
        checkPerson(companionItems, companion.items, companion.mail, {
          ...shared,
          prefix: `companions.${index}.items`,
        }),
      )
    : [];
  if (body.recommendations.length > 0) {
    const block = (form.publishedItems ?? [])
      .flatMap((item) => (item.kind === "conditional" ? item.items : [item]))
      .find((item) => item.kind === "recommendations");
    if (!block) found.recommendations = { code: "FIELD_INVALID" };
    else if (body.recommendations.length > block.max)
      found.recommendations = { code: "TOO_MANY_ANSWERS", values: [block.max] };
  }
  const mails = new Set([body.mail]);
  companions.forEach((companion, index) => {
    if (!companion.mail) return;
    if (mails.has(companion.mail)) found[`companions.${index}.mail`] = { code: "GUEST_EMAIL_TAKEN" };
    mails.add(companion.mail);
  });

  const files = [
    ...fileAnswersOf(form.publishedItems ?? [], host.kept).map((file) => ({
      path: `items.${file.questionId}`,
      fileId: file.fileId,
    })),
    ...companions.flatMap((companion, index) =>
      fileAnswersOf(companionItems, companion.kept).map((file) => ({
        path: `companions.${index}.items.${file.questionId}`,
        fileId: file.fileId,
      })),
    ),
  ];
  for (const path of await unknownFileAnswers(executor, event.id, files)) found[path] = { code: "FIELD_INVALID" };
  if (Object.keys(found).length > 0) throw violationsError(found);
  return { host, companions };
}

import type { Language } from "../../../../contract/common";
import { emailSchema } from "../../../../contract/common";
import { isMessageCode, translate } from "../../../../contract/error-messages";
import { type Answers, type PublicForm, type SendFormInput, submissionViolations } from "../../../../contract/forms";
import type { Recommendation } from "../FormRenderer";

/** What the guest has typed so far; errors are named by the paths of sendFormBody, as the server names them. */
export type SubmissionDraft = {
  mail: string;
  answers: Answers;
  companions: { mail: string; answers: Answers }[];
  recommendations: Recommendation[];
  termsAccepted: boolean;
  privacyAccepted: boolean;
};

/** A personal registration link's guest: the email, and the answers of the questions that fill their names. */
export function invitedDraft(
  form: PublicForm,
  invitation: { firstName: string; lastName: string; email: string } | undefined,
): SubmissionDraft {
  if (!invitation) return emptyDraft();
  const answers: Answers = {};
  const fill = (items: PublicForm["items"]) => {
    for (const item of items) {
      if (item.kind === "conditional") fill(item.items);
      if (item.kind !== "question" || item.target?.kind !== "guest") continue;
      if (item.target.field === "firstName" && invitation.firstName) answers[item.id] = invitation.firstName;
      if (item.target.field === "lastName" && invitation.lastName) answers[item.id] = invitation.lastName;
    }
  };
  fill(form.items);
  return { ...emptyDraft(invitation.email), answers };
}

export const emptyDraft = (mail = ""): SubmissionDraft => ({
  mail,
  answers: {},
  companions: [],
  recommendations: [],
  termsAccepted: false,
  privacyAccepted: false,
});

function emailError(value: string, language: Language, required: boolean): string | null {
  if (!required && value.trim() === "") return null;
  const parsed = emailSchema.safeParse(value);
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message ?? "EMAIL_INVALID";
  return isMessageCode(message) ? translate(message, language) : message;
}

/**
 * SPEC §5 checked in the browser before sending, with the functions and words the server uses: the email, every
 * visible answer (`submissionViolations`), each companion's, the recommended people's emails, terms and privacy.
 */
export function draftErrors(form: PublicForm, draft: SubmissionDraft, language: Language): Record<string, string> {
  const errors: Record<string, string> = {};
  const say = (path: string, code: Parameters<typeof translate>[0], values: (string | number)[] = []) => {
    errors[path] = translate(code, language, ...values);
  };
  const mail = emailError(draft.mail, language, true);
  if (mail) errors.mail = mail;
  const answersOf = (items: PublicForm["items"], answers: Answers, prefix: string) => {
    for (const [id, message] of Object.entries(submissionViolations(items, answers, form.ratingMax).violations))
      say(`${prefix}.${id}`, message.code, message.values);
  };
  answersOf(form.items, draft.answers, "items");
  draft.companions.forEach((companion, index) => {
    const companionMail = emailError(companion.mail, language, false);
    if (companionMail) errors[`companions.${index}.mail`] = companionMail;
    answersOf(form.companionForm?.items ?? [], companion.answers, `companions.${index}.items`);
  });
  draft.recommendations.forEach((person, index) => {
    const personMail = emailError(person.email, language, true);
    if (personMail) errors[`recommendations.${index}.email`] = personMail;
  });
  if (form.termsUrl && !draft.termsAccepted) say("termsAccepted", "TERMS_REQUIRED");
  if (!draft.privacyAccepted) say("privacyAccepted", "PRIVACY_REQUIRED");
  return errors;
}

/** The body of sendForm: only the answers of visible questions go (hidden ones would be dropped by the server too). */
export function draftBody(form: PublicForm, draft: SubmissionDraft): SendFormInput {
  const kept = (items: PublicForm["items"], answers: Answers) =>
    submissionViolations(items, answers, form.ratingMax).kept;
  return {
    formId: form.id,
    mail: draft.mail,
    items: kept(form.items, draft.answers),
    termsAccepted: draft.termsAccepted,
    privacyAccepted: draft.privacyAccepted,
    companions: draft.companions.map((companion) => ({
      mail: companion.mail.trim() || null,
      items: kept(form.companionForm?.items ?? [], companion.answers),
    })),
    recommendations: draft.recommendations,
  };
}

/** The messages under one prefix ("items.", "companions.0.items."), named by what follows it: the renderer's keys. */
export function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, message]) => [path.slice(prefix.length), message]),
  );
}

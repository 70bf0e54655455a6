import { z } from "zod";
import { emailAddress, emailSchema, idSchema, type Language, languageSchema, listOf } from "./common.js";
import type { CodedMessage } from "./error-messages.js";
import { type FieldValue, isEmptyValue, validateFieldValue } from "./field-values.js";
import { choiceFieldTypes, customFieldTypes, eventScopeParams } from "./guests.js";

/* SPEC §3 Form and Question, §4 Form, §5 Form rules and Checkbox. */
export const formTypes = ["registration", "survey", "companion"] as const;
export const formTypeSchema = z.enum(formTypes);
export type FormType = z.infer<typeof formTypeSchema>;

/** draft: never published; online: guests see the current items; updated: online, with edits not yet published. */
export const formStatuses = ["draft", "online", "updated"] as const;
export const formStatusSchema = z.enum(formStatuses);
export type FormStatus = z.infer<typeof formStatusSchema>;

/** Every custom field type (SPEC §3), plus a rating from 1 to the event's ratings maximum. */
export const questionTypes = [...customFieldTypes, "rating"] as const;
export const questionTypeSchema = z.enum(questionTypes);
export type QuestionType = z.infer<typeof questionTypeSchema>;
export const hasAnswers = (type: QuestionType) => (choiceFieldTypes as readonly string[]).includes(type);

/** Guest fields a question can fill; the guest's email is the submission's `mail`, not a question. */
export const guestFieldTargets = ["civility", "firstName", "lastName", "company", "jobTitle", "phone"] as const;
export const guestFieldTargetSchema = z.enum(guestFieldTargets);

/** Text organizers write in the event's languages: `{ fr, en, es }`, any of them optional. */
const localized = (max: number) =>
  z.object({
    fr: z.string().max(max).optional(),
    en: z.string().max(max).optional(),
    es: z.string().max(max).optional(),
  });
export const localizedTitle = localized(500);
export type Localized = z.infer<typeof localizedTitle>;
export const hasText = (text: Localized | undefined) => Object.values(text ?? {}).some((value) => value?.trim());
/** The organizer's text in `language`, else the first language they wrote it in (fr, en, es). */
export function localizedText(text: Localized | undefined, language: string): string {
  const order = [language, "fr", "en", "es"] as (keyof Localized)[];
  return order.map((key) => text?.[key]).find((value) => value?.trim()) ?? "";
}

/** Ids of items and answers are made by the builder (a short random string) so references survive edits. */
const itemId = z.string().min(1).max(40);

export const answerSchema = z.object({
  id: itemId,
  label: localizedTitle,
  /** How many guests may choose this answer; null is unlimited. SPEC §5: a quota is a number greater than 0. */
  quota: z.number().int().nullable().default(null),
});
export type Answer = z.infer<typeof answerSchema>;

/**
 * Where the answers land in the guest list: a guest field, a custom field (customFieldId null: the server creates a
 * field named after the question when the form is saved, and fills the id in), or nowhere (survey-only answers).
 */
export const questionTargetSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("guest"), field: guestFieldTargetSchema }),
    z.object({ kind: z.literal("customField"), customFieldId: idSchema.nullable() }),
  ])
  .nullable()
  .default(null);
export type QuestionTarget = z.infer<typeof questionTargetSchema>;

export const questionSchema = z.object({
  kind: z.literal("question"),
  id: itemId,
  type: questionTypeSchema,
  /** The organizer's short name of the question (column name in exports and statistics). */
  name: z.string().trim().max(100).default(""),
  title: localizedTitle,
  help: localized(2000).default({}),
  required: z.boolean().default(false),
  readOnly: z.boolean().default(false),
  answers: z.array(answerSchema).max(200).default([]),
  randomOrder: z.boolean().default(false),
  /** Bounds of number answers. */
  validation: z.object({ min: z.number().nullable(), max: z.number().nullable() }).default({ min: null, max: null }),
  /** Multiple choice: how many answers a guest must tick (exact wins over min and max). */
  selection: z
    .object({
      min: z.number().int().min(0).nullable(),
      max: z.number().int().min(1).nullable(),
      exact: z.number().int().min(1).nullable(),
    })
    .default({ min: null, max: null, exact: null }),
  target: questionTargetSchema,
});
export type Question = z.infer<typeof questionSchema>;

export const textBlockSchema = z.object({
  kind: z.literal("text"),
  id: itemId,
  title: localizedTitle.default({}),
  description: localized(20_000).default({}),
});
export const recommendationsBlockSchema = z.object({
  kind: z.literal("recommendations"),
  id: itemId,
  title: localizedTitle.default({}),
  /** How many people a guest may recommend at once. */
  max: z.number().int().min(1).max(20).default(5),
});

/** Shows its items when the guest gave `answerId` to the choice question `questionId` (outside the block). */
export const conditionalBlockSchema = z.object({
  kind: z.literal("conditional"),
  id: itemId,
  questionId: z.string().max(40).nullable().default(null),
  answerId: z.string().max(40).nullable().default(null),
  /** Any item parses here so that a nested group gets the GROUP_NESTED message of the rules, not a type error. */
  get items(): z.ZodDefault<z.ZodArray<typeof formItemSchema>> {
    return z.array(formItemSchema).max(200).default([]);
  },
});
/**
 * Named (zod's global registry) so the OpenAPI document declares it once as a component that conditional blocks refer
 * back to: a recursive schema without a name has nowhere to point its inner reference.
 */
export const formItemSchema: z.ZodDiscriminatedUnion<
  [typeof questionSchema, typeof textBlockSchema, typeof recommendationsBlockSchema, typeof conditionalBlockSchema]
> = z
  .discriminatedUnion("kind", [questionSchema, textBlockSchema, recommendationsBlockSchema, conditionalBlockSchema])
  .meta({ id: "FormItem" });
export type FormItem = z.infer<typeof formItemSchema>;
export type ConditionalBlock = z.infer<typeof conditionalBlockSchema>;

/** The body of `POST forms` (multipart field `form`, or JSON): `id` absent creates, present saves that form. */
export const formBody = z.object({
  id: idSchema.optional(),
  type: formTypeSchema,
  title: localizedTitle,
  description: localized(20_000).default({}),
  items: z.array(formItemSchema).max(500),
});
export type FormBody = z.infer<typeof formBody>;

/** GET/POST `forms/{id}/options`. Publishing is an option: `online` true publishes the current items. */
export const formOptionsSchema = z.object({
  online: z.boolean(),
  /** Registration open / survey accessible from this date (null: from publication). */
  opensAt: z.iso.datetime({ offset: true }).nullable(),
  /** Registration closed / survey no longer accessible from this date (null: the event's registration closing date). */
  closesAt: z.iso.datetime({ offset: true }).nullable(),
  /** New registrations get "pending approval" instead of "confirmed". */
  requiresApproval: z.boolean(),
  /** Registration forms: guests may bring companions (up to the event's maximum) through the companion form. */
  companionsEnabled: z.boolean(),
  /** Shown after a submission, in the event's languages. */
  confirmationMessage: localized(5000),
});
export type FormOptions = z.infer<typeof formOptionsSchema>;
export const formOptionsBody = formOptionsSchema.partial();

export const termsFileSchema = z.object({ name: z.string(), size: z.number().int(), uploadedAt: z.string() });

export const formSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  type: formTypeSchema,
  title: localizedTitle,
  description: localized(20_000),
  status: formStatusSchema,
  /** The working copy the builder edits. */
  items: z.array(formItemSchema),
  options: formOptionsSchema,
  terms: termsFileSchema.nullable(),
  submissionCount: z.number().int(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Form = z.infer<typeof formSchema>;
export const formList = listOf(formSchema.omit({ items: true }));
/** A form as the event's list of forms shows it: without its items. */
export type FormSummary = z.infer<typeof formList>["items"][number];
export const formParams = eventScopeParams.extend({ id: idSchema });
/** `GET forms?type=`: the event's forms, of one type when given. */
export const formListQuery = z.object({ type: formTypeSchema.optional() });
/** `GET forms/view/{id}/{language}`: the working items as a guest would see them (the builder's preview). */
export const formViewParams = formParams.extend({ language: languageSchema });
/** Statistics and the answers export name choice answers in this language (default: the caller's). */
export const formLabelsQuery = z.object({ language: languageSchema.optional() });
/** The first column of the answers export, beside the guest list's own column names. */
export const submittedAtLabel: Record<Language, string> = { en: "Submitted at", fr: "Envoyé le", es: "Enviado el" };

/** Why a public form cannot be answered now; null when it can. */
export const formAvailabilities = ["open", "not_yet_open", "closed", "full", "offline"] as const;
export const formAvailabilitySchema = z.enum(formAvailabilities);

/** A form as a guest sees it (public page, and the organizer's preview `forms/view/{id}/{language}`). */
export const publicFormSchema = z.object({
  id: z.string(),
  type: formTypeSchema,
  title: localizedTitle,
  description: localized(20_000),
  items: z.array(formItemSchema),
  availability: formAvailabilitySchema,
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  requiresApproval: z.boolean(),
  ratingMax: z.number().int(),
  /** Registration forms with companions: the most a guest may bring, and the companion form's items and filled quotas. */
  maxCompanions: z.number().int(),
  companionForm: z
    .object({ id: z.string(), items: z.array(formItemSchema), filledAnswerIds: z.array(z.string()) })
    .nullable(),
  /** Answers whose quota is filled: shown disabled, refused with "Quota is filled for this option.". */
  filledAnswerIds: z.array(z.string()),
  /** Where the terms PDF is served, when the form has one (acceptance then required). */
  termsUrl: z.string().nullable(),
  confirmationMessage: localized(5000),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

/** Answers by question id. */
export const answersSchema = z.record(
  z.string().max(40),
  z.union([z.string().max(10_000), z.number(), z.array(z.string().max(40)).max(200), z.null()]),
);
export type Answers = Record<string, FieldValue>;

/** A form's `mail` field (SPEC §7 sendForm), the address answers are sent from: SPEC §5's "Mail format is incorrect". */
const formMailSchema = emailAddress("MAIL_FORMAT");

/** `POST /{lang}/{event}/forms/sendForm/{id}`: SPEC §7 (formId, items, mail), plus acceptances and companions. */
export const sendFormBody = z.object({
  formId: idSchema,
  mail: formMailSchema,
  items: answersSchema,
  termsAccepted: z.boolean().default(false),
  privacyAccepted: z.boolean().default(false),
  companions: z
    .array(
      z.object({
        mail: formMailSchema
          .nullable()
          .or(z.literal("").transform(() => null))
          .default(null),
        items: answersSchema,
      }),
    )
    .max(100)
    .default([]),
  recommendations: z
    .array(
      z.object({
        firstName: z.string().trim().max(100).default(""),
        lastName: z.string().trim().max(100).default(""),
        email: emailSchema,
        company: z.string().trim().max(200).default(""),
      }),
    )
    .max(20)
    .default([]),
});
export type SendFormBody = z.infer<typeof sendFormBody>;
export type SendFormInput = z.input<typeof sendFormBody>;
export const sendFormResult = z.object({
  guestId: z.string(),
  status: z.string(),
  /** True when an existing guest (same email) was updated rather than created. */
  updated: z.boolean(),
});
export type SendFormResult = z.infer<typeof sendFormResult>;
export const sendFormParams = z.object({ lang: z.string().max(10), event: z.string().max(50), id: idSchema });

/** SPEC §9: a file answered to a form, and a form's terms PDF, weigh at most 15 MB. */
export const formFileMaxBytes = 15 * 1024 * 1024;

/** `POST /{event}/forms/uploadFile` answers the stored file; its id is the answer of the file question. */
export const uploadedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
});

/**
 * `GET /api/v1/public/events/{slug}/member/answers`: the signed-in guest's own submissions to the event's online
 * forms, with the published items to show them against. `canChange`: the form is still open (availability "open"),
 * so the member area offers to send it again. Companions are the named companions the registration brought.
 */
export const memberFormSubmissionSchema = z.object({
  formId: z.string(),
  type: formTypeSchema,
  title: localizedTitle,
  items: z.array(formItemSchema),
  ratingMax: z.number().int(),
  answers: answersSchema,
  /** The stored files the answers name (file questions), to show their name and size. */
  files: z.array(uploadedFileSchema),
  companions: z.array(z.object({ mail: z.string().nullable(), answers: answersSchema })),
  availability: formAvailabilitySchema,
  canChange: z.boolean(),
  submittedAt: z.string(),
});
export type MemberFormSubmission = z.infer<typeof memberFormSubmissionSchema>;
export const memberFormAnswersSchema = z.object({ items: z.array(memberFormSubmissionSchema) });
export type MemberFormAnswers = z.infer<typeof memberFormAnswersSchema>;

/** Statistics of one form (issue 4: submissions over time, distributions per question, ratings average). */
export const formStatisticsSchema = z.object({
  submissionCount: z.number().int(),
  byDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  questions: z.array(
    z.object({
      questionId: z.string(),
      name: z.string(),
      type: questionTypeSchema,
      answered: z.number().int(),
      /** Choice and rating questions: how many guests chose each answer id (or rating value). */
      distribution: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
      average: z.number().nullable(),
    }),
  ),
});
export type FormStatistics = z.infer<typeof formStatisticsSchema>;

/* ---- Rules shared by the builder, the guest's browser and the server ---- */

export type RuleViolation = { path: string; message: CodedMessage };

/** Every question of a form, those inside conditional blocks included, in order. */
export const formQuestions = (items: readonly FormItem[]): Question[] =>
  items.flatMap((item) =>
    item.kind === "question" ? [item] : item.kind === "conditional" ? formQuestions(item.items) : [],
  );

function questionViolations(question: Question, path: string): RuleViolation[] {
  const found: RuleViolation[] = [];
  if (!hasText(question.title)) found.push({ path: `${path}.title`, message: { code: "QUESTION_TITLE_REQUIRED" } });
  if (question.required && question.readOnly)
    found.push({ path: `${path}.readOnly`, message: { code: "QUESTION_REQUIRED_READ_ONLY" } });
  if (hasAnswers(question.type) && question.answers.length === 0)
    found.push({ path: `${path}.answers`, message: { code: "QUESTION_ANSWERS_REQUIRED" } });
  question.answers.forEach((answer, index) => {
    if (!hasText(answer.label))
      found.push({ path: `${path}.answers.${index}.label`, message: { code: "OPTION_TITLE_REQUIRED" } });
    if (answer.quota !== null && answer.quota <= 0)
      found.push({ path: `${path}.answers.${index}.quota`, message: { code: "QUOTA_INVALID" } });
  });
  const { min, max, exact } = question.selection;
  if (min !== null && max !== null && min > max)
    found.push({ path: `${path}.selection`, message: { code: "SELECTION_RANGE_INVALID" } });
  const most = question.answers.length;
  if (question.type === "multiple_choice" && [min, max, exact].some((count) => count !== null && count > most))
    found.push({ path: `${path}.selection`, message: { code: "SELECTION_RANGE_INVALID" } });
  if (
    question.validation.min !== null &&
    question.validation.max !== null &&
    question.validation.min > question.validation.max
  )
    found.push({ path: `${path}.validation`, message: { code: "CUSTOM_FIELD_RANGE_INVALID" } });
  return found;
}

/**
 * The form rules of SPEC §5 that a form's content alone decides: title, at least one item, answers and titles of
 * questions, conditional blocks (not empty, a question and an answer, no nesting, not inside the block they depend
 * on, the question still in the form), quotas above 0, unique question ids and names. The server adds the rules that
 * need stored data (an answer already chosen by guests cannot be edited).
 */
export function formViolations(form: { title: Localized; items: readonly FormItem[] }): RuleViolation[] {
  const found: RuleViolation[] = [];
  if (!hasText(form.title)) found.push({ path: "title", message: { code: "FORM_TITLE_REQUIRED" } });
  if (form.items.length === 0) found.push({ path: "items", message: { code: "FORM_ITEMS_REQUIRED" } });
  const all = formQuestions(form.items);
  const byId = new Map(all.map((question) => [question.id, question]));
  const seenIds = new Set<string>();
  const seenNames = new Set<string>();
  const visit = (items: readonly FormItem[], prefix: string, block: ConditionalBlock | null) => {
    items.forEach((item, index) => {
      const path = `${prefix}.${index}`;
      if (seenIds.has(item.id)) found.push({ path: `${path}.id`, message: { code: "FIELD_INVALID" } });
      seenIds.add(item.id);
      if (item.kind === "question") {
        const question = item;
        found.push(...questionViolations(question, path));
        const name = question.name.trim().toLowerCase();
        if (name && seenNames.has(name)) found.push({ path: `${path}.name`, message: { code: "QUESTION_NAME_TAKEN" } });
        if (name) seenNames.add(name);
        if (block && block.questionId === question.id)
          found.push({ path, message: { code: "QUESTION_IN_OWN_CONDITION" } });
      } else if (item.kind === "conditional") {
        if (block) {
          found.push({ path, message: { code: "GROUP_NESTED" } });
          return;
        }
        const conditional = item;
        if (conditional.items.length === 0)
          found.push({ path: `${path}.items`, message: { code: "CONDITIONAL_EMPTY" } });
        const source = conditional.questionId ? byId.get(conditional.questionId) : undefined;
        if (!conditional.questionId || !conditional.answerId)
          found.push({ path: `${path}.questionId`, message: { code: "CONDITIONAL_CONDITION_REQUIRED" } });
        else if (!source) found.push({ path: `${path}.questionId`, message: { code: "QUESTION_USED_BY_CONDITION" } });
        else if (!hasAnswers(source.type) || !source.answers.some((answer) => answer.id === conditional.answerId))
          found.push({ path: `${path}.answerId`, message: { code: "CONDITIONAL_CONDITION_REQUIRED" } });
        visit(conditional.items, `${path}.items`, conditional);
      }
    });
  };
  visit(form.items, "items", null);
  return found;
}

/** Whether the guest gave the block's answer to its question (one of the ticked answers for a multiple choice). */
export function conditionHolds(block: ConditionalBlock, answers: Answers): boolean {
  if (!block.questionId || !block.answerId) return false;
  const given = answers[block.questionId];
  return Array.isArray(given) ? given.includes(block.answerId) : given === block.answerId;
}

/** The questions a guest sees given their answers so far: a conditional block's items show when its condition holds. */
export function visibleQuestions(items: readonly FormItem[], answers: Answers): Question[] {
  return items.flatMap((item) => {
    if (item.kind === "question") return [item];
    if (item.kind !== "conditional") return [];
    return conditionHolds(item, answers)
      ? item.items.filter((child): child is Question => child.kind === "question")
      : [];
  });
}

/** The rule an answer breaks (SPEC §5: field types, checkbox counts, rating range), or null. */
export function answerViolation(
  question: Question,
  value: FieldValue | undefined,
  ratingMax: number,
): CodedMessage | null {
  if (isEmptyValue(value)) return question.required ? { code: "FIELD_REQUIRED" } : null;
  const present = value as Exclude<FieldValue, null>;
  if (question.type === "rating") {
    const valid = typeof present === "number" && Number.isInteger(present) && present >= 1 && present <= ratingMax;
    return valid ? null : { code: "RATING_INVALID", values: [ratingMax] };
  }
  const broken = validateFieldValue(
    { type: question.type, choices: question.answers, min: question.validation.min, max: question.validation.max },
    present,
  );
  if (broken || question.type !== "multiple_choice" || !Array.isArray(present)) return broken;
  const { min, max, exact } = question.selection;
  if (exact !== null) return present.length === exact ? null : { code: "WRONG_NUMBER_OF_ANSWERS", values: [exact] };
  if (max !== null && present.length > max) return { code: "TOO_MANY_ANSWERS", values: [max] };
  if (min !== null && present.length < min) return { code: "TOO_FEW_ANSWERS", values: [min] };
  return null;
}

/**
 * Checks a submission against the visible questions: answers to hidden questions are dropped (a guest who changed
 * their mind about a condition leaves no stale answers), read-only questions keep their stored value.
 */
export function submissionViolations(
  items: readonly FormItem[],
  answers: Answers,
  ratingMax: number,
): { violations: Record<string, CodedMessage>; kept: Answers } {
  const violations: Record<string, CodedMessage> = {};
  const kept: Answers = {};
  for (const question of visibleQuestions(items, answers)) {
    if (question.readOnly) continue;
    const value = answers[question.id];
    const broken = answerViolation(question, value, ratingMax);
    if (broken) violations[question.id] = broken;
    else if (!isEmptyValue(value)) kept[question.id] = value ?? null;
  }
  return { violations, kept };
}

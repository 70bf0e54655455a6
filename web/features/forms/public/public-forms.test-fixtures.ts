import {
  type FormItem,
  type PublicForm,
  publicFormSchema,
  type Question,
  questionSchema,
} from "../../../../contract/forms";

/** A question as the builder saves it; `title` is the English title, answers are "a1", "a2"… labelled by `answers`. */
export function question(
  id: string,
  type: Question["type"],
  title: string,
  overrides: Partial<Omit<Question, "answers">> & { answers?: string[] } = {},
): Question {
  const { answers = [], ...rest } = overrides;
  return questionSchema.parse({
    kind: "question",
    id,
    type,
    title: { en: title },
    answers: answers.map((label, index) => ({ id: `${id}-a${index + 1}`, label: { en: label } })),
    ...rest,
  });
}

/** A registration form as GET /public/events/{slug}/forms/registration answers it. */
export function publicForm(items: FormItem[], overrides: Partial<PublicForm> = {}): PublicForm {
  return publicFormSchema.parse({
    id: "form1",
    type: "registration",
    title: { en: "Register", fr: "Inscription", es: "Inscripción" },
    description: {},
    items,
    availability: "open",
    opensAt: null,
    closesAt: null,
    requiresApproval: false,
    ratingMax: 5,
    maxCompanions: 0,
    companionForm: null,
    filledAnswerIds: [],
    termsUrl: null,
    confirmationMessage: { en: "See you soon!", fr: "À bientôt !", es: "¡Hasta pronto!" },
    ...overrides,
  });
}

// jsdom has no document.fonts, which Mantine's autosizing Textarea listens to.
if (typeof document !== "undefined" && !("fonts" in document)) {
  Object.defineProperty(document, "fonts", { value: { addEventListener() {}, removeEventListener() {} } });
}

import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  type FormItem,
  type FormOptions,
  type FormType,
  type Question,
  questionSchema,
} from "../../../../contract/forms.js";
import { mailsTo, tokenFromMail } from "../../../testing/fixtures.js";
import type { TestApp } from "../../../testing/test-app.js";
import { forms } from "../forms.tables.js";

/** Helpers of the guest-side forms tests: forms written straight to the database, so these tests need no builder. */

export const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString("hex")}@example.test`;
/** Each request speaks from its own client address unless told otherwise, so per-address limits stay out of the way. */
export const clientIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export function question(id: string, type: Question["type"], overrides: Partial<Question> = {}): Question {
  return questionSchema.parse({
    kind: "question",
    id,
    type,
    title: { en: `Question ${id}`, fr: `Question ${id}` },
    ...overrides,
  });
}

export const answer = (id: string, quota: number | null = null) => ({ id, label: { en: `Answer ${id}` }, quota });

const defaultOptions: FormOptions = {
  online: true,
  opensAt: null,
  closesAt: null,
  requiresApproval: false,
  companionsEnabled: false,
  confirmationMessage: {},
};

/** A published form of the event (status online, published items = items). */
export async function insertForm(
  t: TestApp,
  eventId: string,
  input: {
    type?: FormType;
    items: FormItem[];
    options?: Partial<FormOptions>;
    status?: "draft" | "online" | "updated";
    termsFileId?: string;
  },
) {
  const status = input.status ?? "online";
  const [row] = await t.context.db
    .insert(forms)
    .values({
      eventId,
      type: input.type ?? "registration",
      title: { en: "Registration", fr: "Inscription" },
      items: input.items,
      publishedItems: status === "draft" ? null : input.items,
      options: { ...defaultOptions, ...input.options },
      status,
      termsFileId: input.termsFileId ?? null,
      publishedAt: status === "draft" ? null : sql`now()`,
    })
    .returning();
  if (!row) throw new Error("form insert failed");
  return row;
}

export const sendFormUrl = (slug: string, formId: string, lang = "en") => `/${lang}/${slug}/forms/sendForm/${formId}`;

/** POSTs a submission from a client address of its own. */
export function submit(
  t: TestApp,
  slug: string,
  formId: string,
  body: Record<string, unknown>,
  options: { lang?: string; session?: string; ip?: string; language?: string } = {},
) {
  return t.request({
    method: "POST",
    url: sendFormUrl(slug, formId, options.lang),
    body: { formId, privacyAccepted: true, items: {}, ...body },
    token: options.session,
    language: options.language,
    headers: { "x-forwarded-for": options.ip ?? clientIp() },
  });
}

/** A member session for a guest of the event, the way a guest gets one: mailed link, then session. */
export async function memberSession(t: TestApp, slug: string, email: string): Promise<string> {
  const base = `/api/v1/public/events/${slug}/member`;
  const headers = { "x-forwarded-for": clientIp() };
  const asked = await t.request({ method: "POST", url: `${base}/link`, body: { email }, headers });
  if (asked.status !== 202) throw new Error(`member link refused: ${JSON.stringify(asked.body)}`);
  const mail = (await mailsTo(t, email)).filter((row) => row.template === "public.member_link").at(-1);
  if (!mail) throw new Error("no member link mail");
  const session = await t.request({
    method: "POST",
    url: `${base}/session`,
    body: { token: tokenFromMail(mail) },
    headers,
  });
  if (session.status !== 200) throw new Error(`member session refused: ${JSON.stringify(session.body)}`);
  return session.body.sessionToken;
}

import type { Answers } from "../../../contract/forms.js";
import type { TestApp } from "../../testing/test-app.js";
import { guests } from "../guests/guests.tables.js";
import { guestEvent } from "../guests/guests.testing.js";
import { formSubmissions } from "./forms.tables.js";

/** Helpers shared by the forms API tests. */

/** An event of the owner's account with its forms URL (readers given access by id). */
export async function formEvent(
  t: TestApp,
  owner: { token: string; accountId: string },
  overrides: Record<string, unknown> = {},
  readerIds: string[] = [],
) {
  const event = await guestEvent(t, owner, overrides, readerIds);
  return { ...event, forms: `/api/v1/events/${owner.accountId}/${event.id}/forms` };
}

/** A choice question with two answers (yes, no), optionally with quotas. */
export function choiceQuestion(id: string, overrides: Record<string, unknown> = {}) {
  return {
    kind: "question",
    id,
    type: "unique_choice",
    title: { en: `Question ${id}` },
    answers: [
      { id: `${id}-yes`, label: { en: "Yes", fr: "Oui" }, quota: null },
      { id: `${id}-no`, label: { en: "No", fr: "Non" }, quota: null },
    ],
    ...overrides,
  };
}

export function textQuestion(id: string, overrides: Record<string, unknown> = {}) {
  return { kind: "question", id, type: "short_text", title: { en: `Question ${id}` }, ...overrides };
}

/** A valid registration form: a choice question and a conditional block shown when it is answered yes. */
export function formBody(overrides: Record<string, unknown> = {}) {
  return {
    type: "registration",
    title: { en: "Registration" },
    items: [
      choiceQuestion("diet"),
      {
        kind: "conditional",
        id: "block",
        questionId: "diet",
        answerId: "diet-yes",
        items: [textQuestion("details")],
      },
    ],
    ...overrides,
  };
}

/** Saves a form through the API and fails loudly when it cannot. */
export async function createForm(t: TestApp, token: string, url: string, body: Record<string, unknown> = formBody()) {
  const response = await t.request({ method: "POST", url, token, body });
  if (response.status !== 201) throw new Error(`form creation failed: ${JSON.stringify(response.body)}`);
  return response.body as { id: string; items: unknown[] } & Record<string, unknown>;
}

/** A guest's submission written straight to the database: the submission routes belong to the guest side. */
export async function insertSubmission(
  t: TestApp,
  eventId: string,
  formId: string,
  answers: Answers,
  guest: { firstName?: string; lastName?: string; email?: string; createdAt?: Date } = {},
) {
  const [row] = await t.context.db
    .insert(guests)
    .values({
      eventId,
      firstName: guest.firstName ?? "Gina",
      lastName: guest.lastName ?? "Guest",
      email: guest.email ?? `guest-${Math.random().toString(36).slice(2)}@example.test`,
      createdSource: "registration",
    })
    .returning();
  if (!row) throw new Error("guest insert failed");
  const createdAt = guest.createdAt ?? new Date();
  await t.context.db
    .insert(formSubmissions)
    .values({ formId, guestId: row.id, answers, language: "en", createdAt, updatedAt: createdAt });
  return row;
}

/** A multipart body with a `form` JSON field and an optional `file` part, as the builder's FormData sends it. */
export function multipartForm(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const boundary = `----form${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/pdf"}\r\n\r\n`;
    parts.push(Buffer.from(head), file.bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export const pdfBytes = (size = 1_000) => Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(size, 0x20)]);
export const pngBytes = () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CodedMessage } from "../../../../contract/error-messages.js";
import type { Answers } from "../../../../contract/forms.js";
import type { GuestStatus } from "../../../../contract/guests.js";
import type { Executor } from "../../../db/connection.js";
import { preparedWrite } from "../../../db/prepared.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, isUniqueViolation } from "../../../platform/errors.js";
import type { CustomFieldRow } from "../../guests/custom-field-values.js";
import { lockGuestsForDeletion } from "../../guests/guest-deletion.js";
import { type GuestRow, searchTextOf } from "../../guests/guests.list.js";
import { guests } from "../../guests/guests.tables.js";
import { formSubmissions } from "../forms.tables.js";
import { type CheckedPerson, violationsError } from "./submissions.checks.js";
import { mergeAnswersIntoCustomFields } from "./submissions.guest-values.js";

/**
 * Named companions a registration brought are guests with `hostId` = the guest and created source "companion": only
 * the form creates guests with that source, so a new submission replaces exactly these and never the companions the
 * organizer added by hand (source "admin", "import", "api").
 */
export const formCompanionsOf = (hostId: string) =>
  and(eq(guests.hostId, hostId), eq(guests.createdSource, "companion"));

/** The form companions of a guest, oldest first; locked when a submission is about to replace them. */
export async function readFormCompanions(
  executor: Executor,
  hostId: string,
  { lock }: { lock: boolean },
): Promise<GuestRow[]> {
  const query = executor
    .select()
    .from(guests)
    .where(formCompanionsOf(hostId))
    .orderBy(asc(guests.createdAt), asc(guests.id));
  return lock ? query.for("update") : query;
}

type Landing = { fields: CustomFieldRow[]; status: GuestStatus | null; registered: boolean };

/** The columns a person's answers write, on top of `current` (absent for a new guest). */
function answeredColumns(person: CheckedPerson, current: GuestRow | undefined, landing: Landing, prefix: string) {
  const merged = { ...current, ...person.values.fields };
  const customFields = mergeAnswersIntoCustomFields(
    landing.fields,
    current?.customFields ?? {},
    person.values.custom,
    prefix,
  );
  const registration =
    landing.status === null
      ? {}
      : {
          status: landing.status,
          registered: landing.registered,
          registeredAt: current?.registered ? current.registeredAt : new Date(),
        };
  return {
    ...person.values.fields,
    customFields,
    searchText: searchTextOf({
      firstName: merged.firstName ?? "",
      lastName: merged.lastName ?? "",
      email: current?.email ?? person.mail,
      company: merged.company ?? "",
    }),
    ...registration,
  };
}

/**
 * Creates or updates the guest a submission is about. Two first registrations of one address racing each other:
 * the second finds the address taken and is told it is already registered.
 */
export async function writeHost(
  tx: Executor,
  input: { eventId: string; person: CheckedPerson; current: GuestRow | undefined; landing: Landing },
): Promise<GuestRow> {
  const { eventId, person, current, landing } = input;
  const columns = answeredColumns(person, current, landing, "items");
  try {
    const [row] = current
      ? await tx
          .update(guests)
          .set({ ...columns, updatedAt: sql`now()` })
          .where(eq(guests.id, current.id))
          .returning()
      : await tx
          .insert(guests)
          .values({ ...columns, eventId, email: person.mail, createdSource: "registration" })
          .returning();
    if (!row) throw new Error("guest write returned no row");
    return row;
  } catch (error) {
    if (isUniqueViolation(error, "guests_event_email_unique")) throw new AppError(409, "ALREADY_REGISTERED");
    throw error;
  }
}

/**
 * Replaces the form companions of `host` by the submission's: a companion keeps its guest row when its email is
 * unchanged (else rows are reused in order), so organizer's notes, tickets and check-ins follow the person; the
 * rows left over are deleted. An email another guest of the event already has is refused on that companion.
 */
export async function replaceFormCompanions(
  context: AppContext,
  tx: Executor,
  input: { eventId: string; host: GuestRow; previous: GuestRow[]; people: CheckedPerson[]; landing: Landing },
): Promise<GuestRow[]> {
  const { eventId, host, previous, people, landing } = input;
  const mails = people.map((person) => person.mail).filter((mail): mail is string => Boolean(mail));
  const previousIds = new Set(previous.map((row) => row.id));
  if (mails.length > 0) {
    const taken = await tx
      .select({ email: guests.email, id: guests.id })
      .from(guests)
      .where(and(eq(guests.eventId, eventId), inArray(sql`lower(${guests.email})`, mails)));
    const found: Record<string, CodedMessage> = {};
    people.forEach((person, index) => {
      const owner = taken.find((row) => row.email?.toLowerCase() === person.mail);
      if (owner && !previousIds.has(owner.id)) found[`companions.${index}.mail`] = { code: "GUEST_EMAIL_TAKEN" };
    });
    if (Object.keys(found).length > 0) throw violationsError(found);
  }

  const unused = [...previous];
  const claim = (matches: (row: GuestRow) => boolean) => {
    const index = unused.findIndex(matches);
    return index < 0 ? undefined : unused.splice(index, 1)[0];
  };
  // Same email first, for every companion; then the rows left, in order, for the companions still without one.
  const byMail = people.map((person) => (person.mail ? claim((row) => row.email === person.mail) : undefined));
  const reused = byMail.map((row) => row ?? claim(() => true));
  if (unused.length > 0) {
    const dropped = inArray(
      guests.id,
      unused.map((row) => row.id),
    );
    // A companion the guest leaves out is deleted, unless they hold a ticket: that one is kept, as by every other
    // way of deleting guests, and the submission is refused rather than half-applied.
    if ((await lockGuestsForDeletion(context, tx, dropped)).length > 0) {
      throw violationsError({ companions: { code: "COMPANION_HOLDS_TICKET" } });
    }
    await tx.delete(guests).where(dropped);
  }
  const written: GuestRow[] = [];
  for (const [index, person] of people.entries()) {
    const current = reused[index];
    const columns = answeredColumns(person, current, landing, `companions.${index}.items`);
    const [row] = current
      ? await tx
          .update(guests)
          .set({ ...columns, email: person.mail, updatedAt: sql`now()` })
          .where(eq(guests.id, current.id))
          .returning()
      : await tx
          .insert(guests)
          .values({ ...columns, eventId, email: person.mail, hostId: host.id, createdSource: "companion" })
          .returning();
    if (!row) throw new Error("companion write returned no row");
    written.push(row);
  }
  return written;
}

/** A submission's write, built once: every registration sends one per person. */
const submissionUpsert = preparedWrite<"formId" | "guestId" | "answers" | "language">(
  "submission_upsert",
  (executor, value) =>
    executor
      .insert(formSubmissions)
      .values({
        formId: value("formId"),
        guestId: value("guestId"),
        answers: value("answers"),
        language: value("language"),
      })
      .onConflictDoUpdate({
        target: [formSubmissions.formId, formSubmissions.guestId],
        set: { answers: sql`excluded.answers`, language: sql`excluded.language`, updatedAt: sql`now()` },
      }),
);

/**
 * One submission per form and guest: a new one replaces the answers and keeps the first submission date. A write not
 * sent yet (a unit of work sends it).
 */
export function submissionWrite(input: { formId: string; guestId: string; answers: Answers; language: string }) {
  return submissionUpsert.with(input);
}

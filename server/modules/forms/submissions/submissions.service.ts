import { and, eq, getTableColumns, inArray, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { FormItem, SendFormBody, sendFormResult } from "../../../../contract/forms.js";
import type { Config } from "../../../config.js";
import type { Executor } from "../../../db/connection.js";
import { preparedStatement } from "../../../db/prepared.js";
import { unitOfWork } from "../../../db/unit-of-work.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError, notFound } from "../../../platform/errors.js";
import { isLanguage, type Language } from "../../../platform/language.js";
import { consumeRateLimit, type RateLimit } from "../../../platform/rate-limit.js";
import { linkSigningSecret } from "../../../platform/signed-tokens.js";
import { auditWrite } from "../../audit/audit.service.js";
import { events } from "../../events/events.tables.js";
import { localizedText } from "../../events/events.values.js";
import { type EventRow, eventColumnsWithStatus, publicEventCondition } from "../../events/events.visibility.js";
import { readCustomFields } from "../../guests/custom-fields.service.js";
import type { GuestRow } from "../../guests/guests.list.js";
import { guests } from "../../guests/guests.tables.js";
import { type Member, requireMember } from "../../guests/member-sessions.js";
import { recordRecommendations } from "../../guests/recommendations/recommendations.service.js";
import { formSubmissions, forms } from "../forms.tables.js";
import { availabilityByDates, countAttendees, type FormAvailability } from "./submissions.availability.js";
import { type CheckedSubmission, checkSubmission, type FormRow } from "./submissions.checks.js";
import { readFormCompanions, replaceFormCompanions, submissionWrite, writeHost } from "./submissions.guests.js";
import { ChoiceTally, choicesOf } from "./submissions.quotas.js";

/**
 * Public form POSTs (submissions, uploads), per client address and per email. Generous enough for guests sharing a
 * venue's wifi; `PUBLIC_FORM_POSTS_PER_MINUTE` raises the address limit where many register from one network.
 */
export function formPostLimits(config: Pick<Config, "publicFormPostsPerMinute">) {
  return {
    perIp: { name: "form-posts-ip", max: config.publicFormPostsPerMinute, windowSeconds: 60 },
    perEmail: { name: "form-posts-email", max: 10, windowSeconds: 60 },
  } satisfies Record<string, RateLimit>;
}

/** The one online form of a type in the event (at most one: unique index), or undefined. */
export async function onlineFormOfType(executor: Executor, eventId: string, type: FormRow["type"]) {
  const [form] = await executor
    .select()
    .from(forms)
    .where(and(eq(forms.eventId, eventId), eq(forms.type, type), ne(forms.status, "draft")));
  return form;
}

/** `requireEventForm`'s statement, built once: a registration rush sends it hundreds of times a second. */
const eventFormStatement = preparedStatement((executor) =>
  executor
    .select({ event: eventColumnsWithStatus, form: getTableColumns(forms) })
    .from(events)
    .innerJoin(forms, and(eq(forms.id, sql.placeholder("formId")), eq(forms.eventId, events.id)))
    .where(publicEventCondition(sql.placeholder("slug")))
    .prepare("event_form"),
);

/**
 * The public event (as `requirePublicEvent` finds it) and the form a guest sends, in one round trip. A companion form
 * is answered only inside a registration, for each companion.
 */
async function requireEventForm(tx: Executor, slug: string, formId: string) {
  const [found] = await eventFormStatement(tx).execute({ slug, formId });
  if (!found || found.form.type === "companion") throw notFound();
  return found;
}

/** The guest of an event with an email (lower case), locked: built once, as every registration asks it. */
const guestOfEmailStatement = preparedStatement((executor) =>
  executor
    .select()
    .from(guests)
    .where(
      and(eq(guests.eventId, sql.placeholder("eventId")), sql`lower(${guests.email}) = ${sql.placeholder("email")}`),
    )
    .for("update")
    .prepare("guest_of_email"),
);

const availabilityErrors: Record<Exclude<FormAvailability, "open">, AppError> = {
  offline: new AppError(409, "FORM_CLOSED"),
  closed: new AppError(409, "FORM_CLOSED"),
  not_yet_open: new AppError(409, "FORM_NOT_OPEN"),
  full: new AppError(409, "EVENT_FULL"),
};

export type SendFormInput = {
  slug: string;
  lang: string;
  formId: string;
  body: SendFormBody;
  authorization: string | undefined;
  ip: string;
};

type Identified = { current: GuestRow | undefined; member: Member | null };

/**
 * Who a submission is about. A survey: the signed-in member (the session, not the typed email, says who). A
 * registration: the guest of the event with that email, if any; one who already registered changes it only from
 * their member area (a session of that very guest), else "already registered".
 */
async function identify(tx: Executor, form: FormRow, event: EventRow, input: SendFormInput, member: Member | null) {
  if (form.type === "survey") {
    if (!member) throw new AppError(401, "MEMBER_SESSION_INVALID");
    const [current] = await tx.select().from(guests).where(eq(guests.id, member.guest.id)).for("update");
    return { current, member } satisfies Identified;
  }
  const [current] = await guestOfEmailStatement(tx).execute({ eventId: event.id, email: input.body.mail });
  if (current?.registered && member?.guest.id !== current.id) throw new AppError(409, "ALREADY_REGISTERED");
  return { current, member } satisfies Identified;
}

/**
 * SPEC §3 max attendees: the event row is locked so concurrent registrations count one after another. "No key
 * update" because the guests just inserted already hold a key-share lock on the event row (their foreign key): a
 * plain "for update" would wait on the other registrations' key-share locks while they wait on this one.
 */
async function checkSeats(tx: Executor, event: EventRow, leavingOut: string[], people: number) {
  if (event.maxAttendees === null) return;
  await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for("no key update");
  if ((await countAttendees(tx, event.id, leavingOut)) + people > event.maxAttendees) throw availabilityErrors.full;
}

/**
 * The answer counts a submission moves, per form: its choices count once more, the choices of the submissions it
 * replaces (the guest's on this form, and the replaced companions' on whichever form they answered) once less.
 */
async function tallyChoices(
  tx: Executor,
  input: {
    form: { id: string; items: readonly FormItem[] };
    companionForm: { id: string; items: readonly FormItem[] } | undefined;
    checked: CheckedSubmission;
    hostId: string | undefined;
    previousCompanionIds: string[];
  },
): Promise<Map<string, ChoiceTally>> {
  const tallies = new Map<string, ChoiceTally>();
  const tallyOf = (formId: string) => {
    const tally = tallies.get(formId) ?? new ChoiceTally();
    tallies.set(formId, tally);
    return tally;
  };
  if (input.hostId) {
    const replaced = await tx
      .select({ formId: formSubmissions.formId, answers: formSubmissions.answers, items: forms.publishedItems })
      .from(formSubmissions)
      .innerJoin(forms, eq(forms.id, formSubmissions.formId))
      .where(
        or(
          and(eq(formSubmissions.formId, input.form.id), eq(formSubmissions.guestId, input.hostId)),
          input.previousCompanionIds.length > 0
            ? inArray(formSubmissions.guestId, input.previousCompanionIds)
            : undefined,
        ),
      );
    for (const row of replaced) tallyOf(row.formId).add(choicesOf(row.items ?? [], row.answers), -1);
  }
  tallyOf(input.form.id).add(choicesOf(input.form.items, input.checked.host.kept), 1, "items");
  const { companionForm } = input;
  input.checked.companions.forEach((person, index) => {
    if (companionForm)
      tallyOf(companionForm.id).add(choicesOf(companionForm.items, person.kept), 1, `companions.${index}.items`);
  });
  return tallies;
}

/**
 * `POST /{lang}/{event}/forms/sendForm/{id}`, in one transaction: the form open, SPEC §5 on the answers, the guest
 * created or updated with its answers, seats (max attendees) and quotas taken, companions replaced, the submission
 * kept, recommendations, the audit row and the confirmation mail. Any refusal leaves nothing written.
 */
export async function sendForm(context: AppContext, input: SendFormInput): Promise<z.infer<typeof sendFormResult>> {
  const { body, slug } = input;
  const limits = formPostLimits(context.config);
  await consumeRateLimit(context.db, [limits.perIp, input.ip], [limits.perEmail, body.mail]);
  if (body.formId !== input.formId) throw notFound();
  const language: Language = isLanguage(input.lang) ? input.lang : "en";
  const member = input.authorization ? await requireMember(context.db, slug, input.authorization) : null;
  // The confirmation mail's personal registration link is signed with this secret; reading it may take a query of its
  // own, which the open transaction would block on the embedded database's single connection.
  await linkSigningSecret(context);

  // One unit of work: the submissions, the audit row and the mail go out as one statement, ahead of the quotas' (or the
  // commit).
  const outcome = await unitOfWork(context.db, async (unit) => {
    const { tx } = unit;
    const { event, form } = await requireEventForm(tx, slug, input.formId);
    const availability = availabilityByDates(form, event);
    if (availability !== "open") throw availabilityErrors[availability];
    const registration = form.type === "registration";
    const companionForm =
      registration && form.options.companionsEnabled ? await onlineFormOfType(tx, event.id, "companion") : undefined;
    const companionItems = companionForm?.publishedItems ?? null;
    const checked = await checkSubmission(tx, { event, form, companionItems, body, language });
    const { current } = await identify(tx, form, event, input, member);
    const previousCompanions = registration && current ? await readFormCompanions(tx, current.id, { lock: true }) : [];
    const previousCompanionIds = previousCompanions.map((row) => row.id);
    const tallies = await tallyChoices(tx, {
      form: { id: form.id, items: form.publishedItems ?? [] },
      companionForm: companionForm && { id: companionForm.id, items: companionItems ?? [] },
      checked,
      hostId: current?.id,
      previousCompanionIds,
    });

    const keepsConfirmation = current?.registered && current.status === "confirmed";
    const status = form.options.requiresApproval && !keepsConfirmation ? "pending_approval" : "confirmed";
    const asksCustomFields = [checked.host, ...checked.companions].some((person) => person.values.custom.length > 0);
    const landing = {
      fields: asksCustomFields ? await readCustomFields(tx, event.id) : [],
      status: registration ? status : null,
      registered: true,
    } as const;
    const host = await writeHost(tx, { eventId: event.id, person: checked.host, current, landing });
    const writes = [submissionWrite({ formId: form.id, guestId: host.id, answers: checked.host.kept, language })];
    const companions = registration
      ? await replaceFormCompanions(context, tx, {
          eventId: event.id,
          host,
          previous: previousCompanions,
          people: checked.companions,
          landing,
        })
      : [];
    for (const [index, companion] of companions.entries()) {
      const answers = checked.companions[index]?.kept ?? {};
      if (companionForm)
        writes.push(submissionWrite({ formId: companionForm.id, guestId: companion.id, answers, language }));
    }
    const scope = { eventId: event.id, accountId: event.accountId, recommenderId: host.id };
    await recordRecommendations(tx, scope, body.recommendations, input.ip);
    writes.push(
      auditWrite(
        { kind: "system", label: body.mail },
        {
          accountId: event.accountId,
          eventId: event.id,
          action: "forms.submission.received",
          targetType: "guest",
          targetId: host.id,
          before: current ? { status: current.status, registered: current.registered } : null,
          after: { formId: form.id, type: form.type, status: host.status, companions: checked.companions.length },
        },
        input.ip,
      ),
    );
    // The confirmation is the event's "confirmation" auto-mail: its organizer's text, or none when switched off.
    const mail =
      registration && host.email
        ? await context.hooks.registrationConfirmation(context, tx, {
            event,
            guest: { ...host, email: host.email },
            language,
            companions: checked.companions.length,
            message: localizedText(form.options.confirmationMessage, language, event.preferredLanguage),
          })
        : undefined;
    if (mail) writes.push(mail);
    unit.send(...writes);
    // Seats and quotas last: their rows stay locked until the commit, so concurrent guests wait on them the least.
    if (registration) {
      const ours = [host.id, ...companions.map((row) => row.id), ...previousCompanionIds];
      await checkSeats(tx, event, ours, 1 + companions.length);
    }
    for (const [formId, tally] of [...tallies].sort(([a], [b]) => (a < b ? -1 : 1))) await tally.apply(unit, formId);
    return { guestId: host.id, status: host.status, updated: current !== undefined, mailed: mail !== undefined };
  });
  if (outcome.mailed) context.mailer.kickSoon();
  return { guestId: outcome.guestId, status: outcome.status, updated: outcome.updated };
}

import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Language } from "../../../../contract/common.js";
import type { MessageCode } from "../../../../contract/error-messages.js";
import { localizedText } from "../../../../contract/forms.js";
import {
  defaultTicketingParams,
  otherPaymentMethodKinds,
  type PublicTicketing,
  type SalesReadiness,
  salesBlockerMessages,
  salesBlockers,
  type TicketingParams,
  type TicketingParamsBody,
  type TicketingParamsValues,
  ticketingParamsViolations,
  ticketOfficeState,
} from "../../../../contract/ticketing-billing.js";
import type { Executor } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import { storedFiles } from "../../../platform/files.tables.js";
import { changedFields, recordAudit } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { type EventRow, requireEvent, requirePublicEvent } from "../../events/events.visibility.js";
import { refuseViolations } from "../../forms/forms.service.js";
import { forms } from "../../forms/forms.tables.js";
import { orders, tickets } from "../ticketing.tables.js";
import { ticketingOrganizers, ticketingParams } from "./billing.tables.js";

type ParamsRow = typeof ticketingParams.$inferSelect;

/** The params an event sells with: the saved ones, else the defaults. Orders read them through this too. */
export function paramsValues(row: ParamsRow | undefined): TicketingParamsValues {
  if (!row) return defaultTicketingParams;
  return {
    currency: row.currency,
    reservationMinutes: row.reservationMinutes,
    paymentMode: row.paymentMode,
    otherPaymentMethods: row.otherPaymentMethods,
    officeOpen: row.officeOpen,
    salesStartAt: row.salesStartAt?.toISOString() ?? null,
    salesEndAt: row.salesEndAt?.toISOString() ?? null,
  };
}

export async function readParamsRow(executor: Executor, eventId: string): Promise<ParamsRow | undefined> {
  const [row] = await executor.select().from(ticketingParams).where(eq(ticketingParams.eventId, eventId));
  return row;
}

/**
 * What the event has of what SPEC §5 asks before sales (billing info, an active ticket, an online registration form),
 * as columns of a select: the shop reads them with the event they are about (`eventId`: a value or a column).
 */
export function salesReadinessColumns(eventId: string | SQL) {
  // Scalar subqueries with a limit rather than exists(): PostgreSQL may turn an exists() into a hash of the whole
  // table, a plan a prepared statement keeps once the table has grown (this is read by every cart).
  return {
    billingInfo: sql<boolean>`coalesce((select true from ${ticketingOrganizers}
      where ${ticketingOrganizers.eventId} = ${eventId} limit 1), false)`,
    // An option cannot be bought alone (SPEC §3), so it does not make a ticket office.
    activeTickets: sql<number>`(select count(*)::int from ${tickets} where ${tickets.eventId} = ${eventId}
      and ${tickets.active} and not ${tickets.isOption})`,
    onlineRegistrationForm: sql<boolean>`coalesce((select true from ${forms} where ${forms.eventId} = ${eventId}
      and ${forms.type} = 'registration' and ${forms.status} <> 'draft' limit 1), false)`,
  };
}

export async function salesReadiness(executor: Executor, eventId: string): Promise<SalesReadiness> {
  const [counts] = await executor.select(salesReadinessColumns(eventId)).from(sql`(select 1) as one`);
  if (!counts) throw new Error("the readiness query returned no row");
  return counts;
}

async function toTicketingParams(context: AppContext, executor: Executor, eventId: string): Promise<TicketingParams> {
  const [found] = await executor
    .select({ params: ticketingParams, terms: storedFiles })
    .from(ticketingParams)
    .leftJoin(storedFiles, eq(storedFiles.id, ticketingParams.termsFileId))
    .where(eq(ticketingParams.eventId, eventId));
  const values = paramsValues(found?.params);
  const readiness = await salesReadiness(executor, eventId);
  const terms = found?.terms;
  return {
    ...values,
    terms: terms ? { name: terms.name, size: terms.size, uploadedAt: terms.createdAt.toISOString() } : null,
    readiness,
    state: ticketOfficeState(values, new Date(), salesBlockers(readiness)),
    liveModeAvailable: liveModeAvailable(context),
    updatedAt: found?.params.updatedAt.toISOString() ?? null,
  };
}

/** Live payments go through Stripe: without its keys on the platform, only the test simulator exists. */
const liveModeAvailable = (context: AppContext) => Boolean(context.config.stripeSecretKey);

export async function getTicketingParams(context: AppContext, { access }: Caller, eventId: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  return toTicketingParams(context, context.db, eventId);
}

const conflict = (field: string, code: MessageCode) => new AppError(409, code, { fields: { [field]: { code } } });

/** SPEC §5: the office opens only once billing info, an active ticket and an online registration form exist. */
function refuseBlockedOpening(readiness: SalesReadiness) {
  const blockers = salesBlockers(readiness);
  if (blockers.length === 0) return;
  const fields = Object.fromEntries(blockers.map((blocker) => [blocker, { code: salesBlockerMessages[blocker] }]));
  throw new AppError(409, "TICKETING_OFFICE_BLOCKED", { fields });
}

async function hasOrders(executor: Executor, eventId: string) {
  const [order] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.eventId, eventId), ne(orders.status, "cancelled")))
    .limit(1);
  return order !== undefined;
}

/** Checks a change of params against the saved ones and what the event holds; throws the first refusal. */
async function checkChange(
  context: AppContext,
  tx: Executor,
  event: EventRow,
  current: TicketingParamsValues,
  next: TicketingParamsValues,
) {
  refuseViolations(ticketingParamsViolations(next, event.preferredLanguage));
  // Orders keep the currency they were placed in; a switch would price the next ones in another money.
  if (next.currency !== current.currency && (await hasOrders(tx, event.id))) {
    throw conflict("currency", "TICKETING_CURRENCY_LOCKED");
  }
  if (next.paymentMode === "live" && current.paymentMode !== "live" && !liveModeAvailable(context)) {
    throw conflict("paymentMode", "TICKETING_LIVE_UNAVAILABLE");
  }
  if (next.officeOpen && !current.officeOpen) refuseBlockedOpening(await salesReadiness(tx, event.id));
}

const toDate = (iso: string | null) => (iso ? new Date(iso) : null);

/**
 * Changes the params sent, the others kept. Opening the office is refused (409, one field per blocker) while
 * something SPEC §5 asks is missing. Writes `ticketing.params.updated` for the params and
 * `ticketing.office.opened` / `ticketing.office.closed` when the office changes hands.
 */
export async function setTicketingParams(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  changes: TicketingParamsBody,
): Promise<TicketingParams> {
  return context.db.transaction(async (tx) => {
    // The event's lock orders this with ticket and form changes, which move what the opening checks.
    const event = await requireEvent(tx, access, eventId, "events.update", { lock: true });
    const current = paramsValues(await readParamsRow(tx, eventId));
    const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const next: TicketingParamsValues = { ...current, ...sent };
    await checkChange(context, tx, event, current, next);
    const values = {
      ...next,
      salesStartAt: toDate(next.salesStartAt),
      salesEndAt: toDate(next.salesEndAt),
      updatedAt: new Date(),
    };
    await tx
      .insert(ticketingParams)
      .values({ eventId, ...values })
      .onConflictDoUpdate({ target: ticketingParams.eventId, set: values });
    const audit = (action: string, change: { before?: Record<string, unknown>; after?: Record<string, unknown> }) =>
      recordAudit(
        tx,
        access.principal,
        { accountId: access.accountId, eventId, action, targetType: "ticketing_params", targetId: eventId, ...change },
        ip,
      );
    const { officeOpen: wasOpen, ...before } = current;
    const { officeOpen: isOpen, ...after } = next;
    const changed = changedFields(before, after);
    if (Object.keys(changed.after).length > 0) await audit("ticketing.params.updated", changed);
    if (wasOpen !== isOpen) {
      await audit(isOpen ? "ticketing.office.opened" : "ticketing.office.closed", {
        after: { salesStartAt: next.salesStartAt, salesEndAt: next.salesEndAt },
      });
    }
    return toTicketingParams(context, tx, eventId);
  });
}

/** The organizer's text in the buyer's language, else the event's own language, else any they wrote. */
const instructionsIn = (text: Partial<Record<Language, string>>, language: Language, event: EventRow) =>
  text[language]?.trim() || localizedText(text, event.preferredLanguage);

export const publicTermsUrl = (slug: string) => `/api/v1/public/events/${slug}/ticketing/terms`;

/** GET /public/events/{slug}/ticketing: the office's state and how buyers may pay; nothing about the seller's books. */
export async function getPublicTicketing(
  context: AppContext,
  slug: string,
  language: Language,
): Promise<PublicTicketing> {
  const event = await requirePublicEvent(context.db, slug);
  const row = await readParamsRow(context.db, event.id);
  const params = paramsValues(row);
  const blockers = salesBlockers(await salesReadiness(context.db, event.id));
  return {
    state: ticketOfficeState(params, new Date(), blockers),
    currency: params.currency,
    paymentMode: params.paymentMode,
    reservationMinutes: params.reservationMinutes,
    salesStartAt: params.salesStartAt,
    salesEndAt: params.salesEndAt,
    otherPaymentMethods: otherPaymentMethodKinds
      .filter((kind) => params.otherPaymentMethods[kind].enabled)
      .map((kind) => ({
        kind,
        instructions: instructionsIn(params.otherPaymentMethods[kind].instructions, language, event),
      })),
    termsUrl: row?.termsFileId ? publicTermsUrl(event.slug) : null,
  };
}

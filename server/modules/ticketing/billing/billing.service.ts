import { eq } from "drizzle-orm";
import type { BillingOrganizer, BillingOrganizerBody } from "../../../../contract/ticketing-billing.js";
import type { Executor } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { changedFields, recordAudit } from "../../audit/audit.service.js";
import type { Caller } from "../../events/events.service.js";
import { requireEvent } from "../../events/events.visibility.js";
import { ticketingOrganizers } from "./billing.tables.js";

type OrganizerRow = typeof ticketingOrganizers.$inferSelect;

const noBillingInfo: BillingOrganizer = {
  siret: "",
  corporateName: "",
  legalStructure: "",
  shareCapitalCents: null,
  rcsNumber: "",
  street: "",
  zipCode: "",
  city: "",
  vatStatus: null,
  vatNumber: null,
  legalMentions: "",
  updatedAt: null,
};

function toBillingOrganizer(row: OrganizerRow | undefined): BillingOrganizer {
  if (!row) return noBillingInfo;
  const { eventId: _event, createdAt: _created, updatedAt, ...fields } = row;
  return { ...fields, updatedAt: updatedAt.toISOString() };
}

/** The event's billing organizer row, if the organizer saved one; orders and invoices read it too. */
export async function readBillingOrganizer(executor: Executor, eventId: string): Promise<OrganizerRow | undefined> {
  const [row] = await executor.select().from(ticketingOrganizers).where(eq(ticketingOrganizers.eventId, eventId));
  return row;
}

export async function getBillingOrganizer(context: AppContext, { access }: Caller, eventId: string) {
  await requireEvent(context.db, access, eventId, "events.read");
  return toBillingOrganizer(await readBillingOrganizer(context.db, eventId));
}

/** Saves the whole billing information (the contract checked the Siret first, then the rest). */
export async function saveBillingOrganizer(
  context: AppContext,
  { access, ip }: Caller,
  eventId: string,
  body: BillingOrganizerBody,
): Promise<BillingOrganizer> {
  return context.db.transaction(async (tx) => {
    // The event's lock orders this save with the ticket office opening, which reads whether billing info exists.
    await requireEvent(tx, access, eventId, "events.update", { lock: true });
    const before = await readBillingOrganizer(tx, eventId);
    const values = { ...body, updatedAt: new Date() };
    const [row] = await tx
      .insert(ticketingOrganizers)
      .values({ eventId, ...values })
      .onConflictDoUpdate({ target: ticketingOrganizers.eventId, set: values })
      .returning();
    if (!row) throw new Error("the billing organizer write returned no row");
    const { updatedAt: _before, ...previous } = toBillingOrganizer(before);
    const { updatedAt: _after, ...saved } = toBillingOrganizer(row);
    await recordAudit(
      tx,
      access.principal,
      {
        accountId: access.accountId,
        eventId,
        action: "ticketing.billing.updated",
        targetType: "ticketing_organizer",
        targetId: eventId,
        ...(before ? changedFields(previous, saved) : { after: saved }),
      },
      ip,
    );
    return toBillingOrganizer(row);
  });
}

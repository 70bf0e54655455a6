import { and, eq } from "drizzle-orm";
import type { Invitation } from "../../../contract/public.js";
import type { Database } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requirePublicEvent } from "../events/events.visibility.js";
import { guests } from "../guests/guests.tables.js";
import { guestOfInvitation, invitationSecret } from "../guests/invitation-links.js";

/** What a token invites: the guest of this event it names, or 404 (forged, another event's guest, deleted guest). */
export async function readInvitation(context: AppContext, slug: string, token: string): Promise<Invitation> {
  const db: Database = context.db;
  const event = await requirePublicEvent(db, slug);
  const guestId = guestOfInvitation(await invitationSecret(context), token);
  if (!guestId) throw notFound();
  const [guest] = await db
    .select({ firstName: guests.firstName, lastName: guests.lastName, email: guests.email })
    .from(guests)
    .where(and(eq(guests.id, guestId), eq(guests.eventId, event.id)));
  if (!guest) throw notFound();
  return { firstName: guest.firstName, lastName: guest.lastName, email: guest.email ?? "" };
}

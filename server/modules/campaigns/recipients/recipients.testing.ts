import { sql } from "drizzle-orm";
import type { CampaignType } from "../../../../contract/campaigns.js";
import type { GuestStatus } from "../../../../contract/guests.js";
import type { Executor } from "../../../db/connection.js";
import { guests } from "../../guests/guests.tables.js";
import { campaignRecipients, campaigns } from "../campaigns.tables.js";

/** Helpers of the recipients tests: rows written straight to the database, as a fixture of every case needs. */

export type GuestSeed = {
  name: string;
  email?: string | null;
  status?: GuestStatus;
  hostId?: string;
};

/** Guests of one event; answers their ids by name. */
export async function seedGuests(db: Executor, eventId: string, seeds: GuestSeed[]): Promise<Record<string, string>> {
  const rows = await db
    .insert(guests)
    .values(
      seeds.map((seed) => ({
        eventId,
        firstName: seed.name,
        lastName: seed.name,
        email: seed.email === undefined ? `${seed.name.toLowerCase()}@example.test` : seed.email,
        status: seed.status ?? "not_responded",
        hostId: seed.hostId,
        searchText: seed.name.toLowerCase(),
        createdSource: "admin" as const,
      })),
    )
    .returning({ id: guests.id, firstName: guests.firstName });
  return Object.fromEntries(rows.map((row) => [row.firstName, row.id]));
}

export async function seedCampaign(
  db: Executor,
  values: { accountId: string; eventId: string; type: CampaignType; status?: "draft" | "sent" },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(campaigns)
    .values({ name: `${values.type} campaign`, status: "draft", ...values })
    .returning({ id: campaigns.id });
  if (!row) throw new Error("campaign insert failed");
  return row;
}

/** A campaign of `type` already sent to `guestIds` (its send records, status sent). */
export async function sentCampaign(
  db: Executor,
  scope: { accountId: string; eventId: string },
  type: CampaignType,
  guestIds: string[],
): Promise<{ id: string }> {
  const campaign = await seedCampaign(db, { ...scope, type, status: "sent" });
  if (guestIds.length > 0) {
    await db.execute(sql`insert into ${campaignRecipients} (campaign_id, guest_id, email, language, batch, status)
      select ${campaign.id}, g.id, coalesce(g.email, ''), 'en', 0, 'sent' from ${guests} g
      where g.id in (${sql.join(
        guestIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  }
  return campaign;
}

export async function selectGuests(db: Executor, campaignId: string, ids: string[], selectAll = false) {
  await db
    .update(campaigns)
    .set(selectAll ? { selectAll: true, unselectedGuestIds: ids } : { selectAll: false, selectedGuestIds: ids })
    .where(sql`${campaigns.id} = ${campaignId}`);
}

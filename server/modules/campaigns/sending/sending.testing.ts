import { sql } from "drizzle-orm";
import type { CampaignLanguageContent } from "../../../../contract/campaigns.js";
import type { Database } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { creditLots } from "../../accounts/credits/credits.tables.js";
import { guests } from "../../guests/guests.tables.js";
import { campaigns, senders } from "../campaigns.tables.js";
import { beginSend, enqueueBatches } from "./campaign-send.js";

/** Helpers of the sending tests and benchmark: a campaign ready to send, written straight to the database. */

export const campaignContent = (language: string): CampaignLanguageContent => ({
  subject: `Invitation {{first_name}} (${language})`,
  previewText: "Join us",
  blocks: [
    { type: "title", text: "Hello {{first_name}} {{last_name}}" },
    { type: "text", text: "We would be glad to see you." },
    { type: "button", label: "Register", url: "{{registration_link}}" },
    { type: "button", label: "Programme", url: "https://example.org/programme?day=1&room=2" },
    { type: "footer", text: "Unsubscribe: {{unsubscribe_link}}" },
  ],
});

/**
 * An account's campaign to `count` guests of an event (`guest-<i>@example.test`, or what `emailOf` says), from a
 * verified sender, with `credits` campaign credits on the account. Guests are written in one statement.
 */
export async function seedSendableCampaign(
  db: Database,
  scope: { accountId: string; eventId: string },
  options: { count: number; credits?: number; emailOf?: (index: number) => string; prefix?: string },
): Promise<{ id: string; accountId: string; eventId: string }> {
  const prefix = options.prefix ?? "guest";
  await db.execute(sql`insert into ${guests} (event_id, first_name, last_name, email, status, search_text, created_source)
    select ${scope.eventId}, 'First' || i, 'Last' || i, ${prefix} || '-' || i || '@example.test', 'not_responded', '', 'admin'
    from generate_series(1, ${options.count}) i`);
  if (options.emailOf) {
    for (let index = 1; index <= options.count; index++) {
      const email = options.emailOf(index);
      await db.execute(
        sql`update ${guests} set email = ${email} where event_id = ${scope.eventId} and email = ${`${prefix}-${index}@example.test`}`,
      );
    }
  }
  const [sender] = await db
    .insert(senders)
    .values({
      accountId: scope.accountId,
      email: `news-${Math.random().toString(36).slice(2, 8)}@sender.test`,
      name: "News",
      verifiedAt: new Date(),
    })
    .returning({ id: senders.id });
  const [campaign] = await db
    .insert(campaigns)
    .values({
      ...scope,
      name: "Spring invitation",
      type: "invitation",
      fromName: "Spring gala",
      senderId: sender?.id,
      replyEmail: "reply@sender.test",
      content: { en: campaignContent("en"), fr: campaignContent("fr"), es: campaignContent("es") },
      selectAll: true,
    })
    .returning({ id: campaigns.id });
  if (!campaign) throw new Error("campaign insert failed");
  if (options.credits) {
    await db
      .insert(creditLots)
      .values({ accountId: scope.accountId, kind: "campaign", number: options.credits, remaining: options.credits });
  }
  return { id: campaign.id, ...scope };
}

/** What the send route does: beginSend in a transaction, then its batches queued. */
export async function startSend(context: AppContext, campaign: { id: string; accountId: string }) {
  const { recipients } = await context.db.transaction((tx) => beginSend(context, tx, campaign));
  await enqueueBatches(context, campaign.id);
  return recipients;
}

import { and, eq, exists, inArray, isNull, not, type SQL, sql } from "drizzle-orm";
import { choiceFieldTypes } from "../../../../contract/guests.js";
import { type Executor, transactionRetried } from "../../../db/connection.js";
import type { AppContext } from "../../../platform/context.js";
import { mails } from "../../../platform/mail.tables.js";
import { accounts } from "../../accounts/accounts.tables.js";
import { recordAudit } from "../../audit/audit.service.js";
import { events } from "../../events/events.tables.js";
import { effectiveEnd } from "../../events/events.visibility.js";
import { removeReleasedFiles } from "../guest-deletion.js";
import { customFields, guests } from "../guests.tables.js";
import { memberTokens } from "../member-sessions.tables.js";
import { recommendations } from "../recommendations/recommendations.tables.js";

/**
 * What an anonymizer of another module is given: the ids of the guests just anonymized, as a subquery. It answers the
 * storage keys of the files it deleted the rows of (a guest's uploads), removed from the file store once committed.
 */
export type GuestAnonymizer = (executor: Executor, guestIds: SQL) => Promise<string[]>;

declare module "../../../platform/context.js" {
  interface ModuleHooks {
    /**
     * The modules above this one that keep personal data of a guest (form answers, messages, mail addresses) replace
     * it, in the transaction that anonymizes the guests, set-based.
     */
    guestAnonymizers: GuestAnonymizer[];
  }
}

/** The name an anonymized guest, recommendation or message sender shows in lists, exports and badges. */
export const anonymizedName = "Anonymized guest";

/** The ids of the guests one run anonymized at one event (those it marked at its instant), as a subquery. */
function anonymizedGuestIds({ eventId, anonymizedAt }: { eventId: string; anonymizedAt: Date }): SQL {
  return sql`(select ${guests.id} from ${guests}
    where ${guests.eventId} = ${eventId} and ${guests.anonymizedAt} = ${anonymizedAt.toISOString()}::timestamptz)`;
}

/**
 * SPEC §3 Event "retention period in days", Account "event retention days": the event's own, else its account's.
 * The period runs from the event's end (its start day's end without an end date, as its status reads it).
 */
const retentionDays = sql<number>`coalesce(${events.retentionDays}, ${accounts.retentionDays})`;

/** Events past their retention period at `now` that still have a guest not anonymized. */
async function dueEvents(executor: Executor, now: Date) {
  return executor
    .select({ id: events.id, accountId: events.accountId, retentionDays })
    .from(events)
    .innerJoin(accounts, eq(accounts.id, events.accountId))
    .where(
      and(
        sql`${retentionDays} is not null`,
        sql`${effectiveEnd} + make_interval(days => ${retentionDays}) < ${now.toISOString()}::timestamptz`,
        exists(
          executor
            .select({ one: sql`1` })
            .from(guests)
            .where(and(eq(guests.eventId, events.id), isNull(guests.anonymizedAt))),
        ),
      ),
    );
}

/**
 * Custom field values kept: choices carry no one's identity and feed the statistics' distributions. The event is
 * named, not read from the row, so its fields are looked up once for the whole update.
 */
const keptCustomFieldValues = (
  eventId: string,
) => sql`(select coalesce(jsonb_object_agg(value.key, value.value), '{}'::jsonb)
  from jsonb_each(${guests.customFields}) value
  where value.key in (select ${customFields.id}::text from ${customFields}
    where ${customFields.eventId} = ${eventId} and ${inArray(customFields.type, [...choiceFieldTypes])}))`;

type DueEvent = Awaited<ReturnType<typeof dueEvents>>[number];

/**
 * Replaces the personal data of every guest of the event not yet anonymized, and of what this module keeps about
 * them (recommendations they made, sign-in links), then asks the modules above; audited in the same transaction.
 * Rows stay, so orders, invoices, check-ins and every count by status stay as they were. Answers how many guests it
 * anonymized.
 */
async function anonymizeEventGuests(context: AppContext, event: DueEvent, now: Date): Promise<number> {
  const { count, releasedFiles } = await transactionRetried(context.db, async (tx) => {
    await tx
      .update(guests)
      .set({
        firstName: "",
        lastName: anonymizedName,
        civility: null,
        // Null, not empty: the unique address index of the event skips nulls.
        email: null,
        company: "",
        jobTitle: "",
        phone: "",
        prescriber: "",
        customFields: keptCustomFieldValues(event.id),
        searchText: anonymizedName.toLowerCase(),
        anonymizedAt: now,
        updatedAt: now,
      })
      .where(and(eq(guests.eventId, event.id), isNull(guests.anonymizedAt)));
    const guestIds = anonymizedGuestIds({ eventId: event.id, anonymizedAt: now });
    const [counted] = await tx.select({ count: sql<number>`count(*)::int` }).from(sql`${guestIds} as anonymized`);
    const count = counted?.count ?? 0;
    if (count === 0) return { count, releasedFiles: [] };
    await tx
      .update(recommendations)
      .set({ firstName: "", lastName: anonymizedName, email: "", company: "", message: "" })
      .where(sql`${recommendations.recommenderId} in ${guestIds}`);
    await tx.delete(memberTokens).where(sql`${memberTokens.guestId} in ${guestIds}`);
    // A mail still to deliver keeps its address: it leaves, and is anonymized with the next guest added to the event.
    await tx
      .update(mails)
      .set({ toAddress: "", subject: "", html: "", text: "" })
      .where(and(sql`${mails.guestId} in ${guestIds}`, not(inArray(mails.status, ["queued", "sending"]))));
    const releasedFiles: string[] = [];
    for (const anonymize of context.hooks.guestAnonymizers) releasedFiles.push(...(await anonymize(tx, guestIds)));
    await recordAudit(
      tx,
      { kind: "system", label: "retention" },
      {
        accountId: event.accountId,
        eventId: event.id,
        action: "guests.anonymized",
        targetType: "event",
        targetId: event.id,
        after: { count, retentionDays: event.retentionDays },
      },
    );
    return { count, releasedFiles };
  });
  await removeReleasedFiles(context, releasedFiles);
  return count;
}

/**
 * The daily retention run (issue 21): anonymizes the guests of every event past its retention period at `now`, one
 * transaction and one audit row per event. Running it again changes nothing.
 */
export async function anonymizeExpiredGuests(context: AppContext, now = new Date()): Promise<number> {
  let total = 0;
  for (const event of await dueEvents(context.db, now)) total += await anonymizeEventGuests(context, event, now);
  return total;
}

import { z } from "zod";
import { deliverabilitySchema, reactivitySchema } from "./campaign-statistics.js";
import { customFieldTypeSchema, eventScopeParams, guestStatusSchema } from "./guests.js";

/*
 * Issue 21: an event's statistics page, "how is my event doing": registrations over time, guest statuses, the answers
 * to its choice fields, ticket sales, its mails and its check-ins. Days are dates (YYYY-MM-DD) in the event's timezone.
 */

const count = z.number().int();
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const statisticsSections = ["registrations", "statuses", "fields", "sales", "mails", "checkins"] as const;
export const statisticsSectionSchema = z.enum(statisticsSections);
export type StatisticsSection = z.infer<typeof statisticsSectionSchema>;

export const eventStatisticsSchema = z.object({
  /** Guests by the day they registered (the day they were added when they never registered themselves). */
  registrations: z.object({ total: count, byDay: z.array(z.object({ day: daySchema, count })) }),
  /** Every status, zero included, in SPEC §4's order. */
  statuses: z.array(z.object({ status: guestStatusSchema, count })),
  /** Each choice field (unique, drop-down, multiple) in the fields' order: every choice's guests, and who answered. */
  fields: z.array(
    z.object({
      fieldId: z.string(),
      name: z.string(),
      type: customFieldTypeSchema,
      answered: count,
      choices: z.array(z.object({ choiceId: z.string(), label: z.string(), count })),
    }),
  ),
  /**
   * Units and revenue (what was paid incl. tax, discounts and refunds deducted, in cents) of completed and partially
   * refunded orders, test orders left out: per ticket and per day of the order's completion. A refunded unit is not
   * counted.
   */
  sales: z.object({
    currency: z.string(),
    units: count,
    revenueCents: count,
    byTicket: z.array(z.object({ ticketId: z.string(), name: z.string(), units: count, revenueCents: count })),
    byDay: z.array(z.object({ day: daySchema, units: count, revenueCents: count })),
  }),
  /** Every send record of the event's campaigns. */
  mails: z.object({ campaigns: count, deliverability: deliverabilitySchema, reactivity: reactivitySchema }),
  /** As the check-in statistics count them. */
  checkins: z.object({
    expected: count,
    checkedIn: count,
    bySession: z.array(z.object({ sessionId: z.string().nullable(), name: z.string(), count })),
  }),
});
export type EventStatistics = z.infer<typeof eventStatisticsSchema>;

export const statisticsExportParams = eventScopeParams.extend({ section: statisticsSectionSchema });

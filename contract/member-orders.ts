import { z } from "zod";
import { cancelReasons, orderStatusSchema } from "./ticketing.js";
import { orderDocumentSchema } from "./ticketing-orders.js";

/**
 * The member area's orders and tickets (issue 21): what the signed-in guest bought on the event (never a cart, nor an
 * order awaiting payment) and the tickets others bought for them. Nothing here names another guest but the holders
 * of the guest's own order.
 */

/** One unit of the guest's order: a ticket or an option, at what it cost once discounts are taken off. */
export const memberOrderItemSchema = z.object({
  id: z.string(),
  /** The ticket's caption in the request's language, falling back to the event's preferred language. */
  caption: z.string(),
  isOption: z.boolean(),
  priceInclTaxCents: z.number().int(),
  refunded: z.boolean(),
  /** Whom the ticket was bought for, when not the buyer. */
  holderName: z.string().nullable(),
});

export const memberOrderSchema = z.object({
  id: z.string(),
  status: orderStatusSchema,
  cancelReason: z.enum(cancelReasons).nullable(),
  testMode: z.boolean(),
  /** ISO 4217 code; every amount is in integer cents of it. */
  currency: z.string(),
  totalInclTaxCents: z.number().int(),
  refundedCents: z.number().int(),
  /** Tickets print for a paid order not wholly refunded. */
  ticketsPrintable: z.boolean(),
  items: z.array(memberOrderItemSchema),
  /** Invoice and credit notes, oldest first. */
  documents: z.array(orderDocumentSchema.pick({ id: true, kind: true, number: true, issuedAt: true })),
  createdAt: z.string(),
});
export type MemberOrder = z.infer<typeof memberOrderSchema>;

/** A ticket someone else bought for the guest: its PDF is the guest's own tickets of that order. */
export const heldTicketSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  caption: z.string(),
  refunded: z.boolean(),
  testMode: z.boolean(),
  ticketsPrintable: z.boolean(),
});
export type HeldTicket = z.infer<typeof heldTicketSchema>;

export const memberOrdersSchema = z.object({
  orders: z.array(memberOrderSchema),
  heldTickets: z.array(heldTicketSchema),
});
export type MemberOrders = z.infer<typeof memberOrdersSchema>;

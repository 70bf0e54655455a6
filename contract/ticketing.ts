import { z } from "zod";
import { listOf } from "./common.js";

/* SPEC §4 Order, exactly as listed there. */
export const orderStatuses = [
  "in_cart",
  "awaiting_payment",
  "completed",
  "refunded",
  "partially_refunded",
  "cancelled",
] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Why a cancelled order was cancelled: a card payment arriving later recovers it only when it expired or was replaced. */
export const cancelReasons = ["expired", "replaced", "organizer"] as const;
export type CancelReason = (typeof cancelReasons)[number];

/** SPEC §3 Order: paid online by card, or by another method the organizer confirms (bank transfer, cheque). */
export const paymentMethods = ["online", "other"] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** SPEC §3 Order: "company or individual". */
export const buyerKinds = ["company", "individual"] as const;
export const buyerKindSchema = z.enum(buyerKinds);
export type BuyerKind = z.infer<typeof buyerKindSchema>;

/** One ticket a guest holds: an order item naming them as holder. Options hang under their ticket (parentItemId). */
export const guestTicketSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderStatus: orderStatusSchema,
  ticketId: z.string(),
  /** The ticket's caption in the request's language, falling back to the event's preferred language. */
  caption: z.string(),
  isOption: z.boolean(),
  parentItemId: z.string().nullable(),
  /** ISO 4217 code; every amount is in integer cents of it (DESIGN §4). */
  currency: z.string(),
  unitPriceExclTaxCents: z.number().int(),
  unitPriceInclTaxCents: z.number().int(),
  /** Null: no VAT. */
  taxPercent: z.number().nullable(),
  refunded: z.boolean(),
  refundedCents: z.number().int(),
  testMode: z.boolean(),
  createdAt: z.string(),
});
export type GuestTicket = z.infer<typeof guestTicketSchema>;
export const guestTicketList = listOf(guestTicketSchema);

/** One order a guest placed as buyer. */
export const guestOrderSchema = z.object({
  id: z.string(),
  status: orderStatusSchema,
  /** Null until the buyer chooses how to pay. */
  paymentMethod: paymentMethodSchema.nullable(),
  testMode: z.boolean(),
  currency: z.string(),
  totalExclTaxCents: z.number().int(),
  totalInclTaxCents: z.number().int(),
  buyerKind: buyerKindSchema,
  billingName: z.string(),
  itemCount: z.number().int(),
  invoiceNumber: z.number().int().nullable(),
  /** The number printed on the order's invoice, a test invoice's ("TEST-F-…") too; null before completion. */
  invoice: z.string().nullable(),
  /** Why a cancelled order was cancelled: an abandoned cart ("expired", "replaced") is shown as such. */
  cancelReason: z.enum(cancelReasons).nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type GuestOrder = z.infer<typeof guestOrderSchema>;
export const guestOrderList = listOf(guestOrderSchema);

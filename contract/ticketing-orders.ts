import { z } from "zod";
import { commaList, emailSchema, idSchema, languageSchema, listOf, listQuery } from "./common.js";
import type { MessageCode } from "./error-messages.js";
import { eventScopeParams } from "./guests.js";
import { declineCodeSchema, paymentStatusSchema, simulatorCardSchema } from "./payments.js";
import { publicEventParams } from "./public.js";
import { spreadsheetQuery } from "./spreadsheet.js";
import {
  buyerKindSchema,
  cancelReasons,
  type OrderStatus,
  orderStatuses,
  orderStatusSchema,
  paymentMethodSchema,
} from "./ticketing.js";
import { isSiret, otherPaymentMethodKinds } from "./ticketing-billing.js";
import { couponCodeSchema } from "./ticketing-catalogue.js";

/*
 * Orders (SPEC §3 Order, §4 Order, §5 refund and terms, §7 orders): the states an order goes through and the actions
 * that move it, the buyer's cart on the public side, the organizer's orders API. Money is integer cents of the
 * order's currency (DESIGN §4); every total comes from `priceOrder` (contract/ticketing-pricing.ts).
 */

// ---------------------------------------------------------------------------------------------------------------
// States and transitions (SPEC §4: in cart, awaiting payment, completed, refunded, partially refunded, cancelled)

/**
 * What moves an order. `pay` is a card payment that succeeded, `confirm` the organizer's word that another payment
 * method (bank transfer, cheque) was received, `expire` the reservation running out, `recover` a card payment that
 * succeeded after its cart expired (its units taken again: never oversold), `refund` full or partial.
 */
export const orderActions = ["await", "pay", "confirm", "cancel", "expire", "recover", "refund"] as const;
export type OrderAction = (typeof orderActions)[number];

/** The transition table: from which states each action is allowed, and the states it leads to. */
export const orderTransitions = {
  await: { from: ["in_cart"], to: ["awaiting_payment"] },
  pay: { from: ["in_cart", "awaiting_payment"], to: ["completed"] },
  confirm: { from: ["in_cart", "awaiting_payment"], to: ["completed"] },
  cancel: { from: ["in_cart", "awaiting_payment"], to: ["cancelled"] },
  expire: { from: ["in_cart"], to: ["cancelled"] },
  recover: { from: ["cancelled"], to: ["completed"] },
  refund: { from: ["completed", "partially_refunded"], to: ["partially_refunded", "refunded"] },
} as const satisfies Record<OrderAction, { from: readonly OrderStatus[]; to: readonly OrderStatus[] }>;

export function canTransition(action: OrderAction, status: OrderStatus): boolean {
  return (orderTransitions[action].from as readonly OrderStatus[]).includes(status);
}

/** The states each state may lead to, whatever the action: the table above read the other way. */
export const orderStatusTransitions = Object.fromEntries(
  orderStatuses.map((status) => [
    status,
    [
      ...new Set(
        orderActions.flatMap((action) =>
          canTransition(action, status) ? (orderTransitions[action].to as readonly OrderStatus[]) : [],
        ),
      ),
    ],
  ]),
) as Record<OrderStatus, OrderStatus[]>;

const paidStatuses: readonly OrderStatus[] = ["completed", "partially_refunded", "refunded"];
/** Orders that were paid: they count in revenue (when not test orders) and are refunded, never cancelled. */
export const isPaidStatus = (status: OrderStatus) => paidStatuses.includes(status);

/** Why an action is refused in a state (answered 409), or null when the transition table allows it. */
export function transitionRefusal(action: OrderAction, status: OrderStatus): MessageCode | null {
  if (canTransition(action, status)) return null;
  if (action === "refund") return status === "refunded" ? "ORDER_REFUND_NEEDS_ITEM" : "ORDER_NOT_PAID";
  if (status === "cancelled") return "ORDER_CANCELLED";
  if (isPaidStatus(status)) return action === "cancel" ? "ORDER_PAID_NOT_CANCELLABLE" : "ORDER_ALREADY_PAID";
  if (action === "await") return "ORDER_ALREADY_AWAITING";
  return "ORDER_NOT_IN_CART";
}

// ---------------------------------------------------------------------------------------------------------------
// Bodies

const text = (max: number) => z.string().trim().min(1, "FIELD_REQUIRED").max(max);
/** Spaces in a Siret are only for reading; empty means none. */
const optionalSiret = z
  .string()
  .overwrite((value) => value.replace(/\s+/g, ""))
  .refine((value) => value === "" || isSiret(value), "SIRET_INVALID")
  .transform((value) => value || null)
  .nullable()
  .optional();

/** A ticket's holder: a guest of the event, matched by email (created when new). */
export const holderBody = z.object({ firstName: text(100), lastName: text(100), email: emailSchema });
export type HolderBody = z.infer<typeof holderBody>;

/** At most this many units in one order: a buyer, not a reseller. */
export const maxUnitsPerOrder = 100;

/**
 * One line of a cart: `quantity` units of a ticket, each with the same options. Each unit is one person's admission:
 * `holders` name who the units are for, in order, and the units left without one are the buyer's. A guest holds at
 * most one unit of a ticket (SPEC §8 "You already own this ticket.").
 */
export const cartLineBody = z
  .object({
    ticketId: idSchema,
    quantity: z.number().int("NUMBER_INVALID").min(1, "NUMBER_TOO_SMALL").max(maxUnitsPerOrder, "NUMBER_TOO_BIG"),
    holders: z.array(holderBody).max(maxUnitsPerOrder).default([]),
    /** Options bought with each unit (SPEC §3: an option cannot be bought alone). */
    options: z
      .array(
        z.object({
          ticketId: idSchema,
          quantity: z.number().int("NUMBER_INVALID").min(1, "NUMBER_TOO_SMALL").max(20, "NUMBER_TOO_BIG"),
        }),
      )
      .max(20)
      .default([]),
  })
  .refine((line) => line.holders.length <= line.quantity, { message: "FIELD_INVALID", path: ["holders"] });
export type CartLineBody = z.infer<typeof cartLineBody>;

const cartLines = z
  .array(cartLineBody)
  .min(1, "TICKET_CHOICE_REQUIRED")
  .max(50)
  .refine(
    (lines) =>
      lines.reduce(
        (units, line) => units + line.quantity * (1 + line.options.reduce((sum, option) => sum + option.quantity, 0)),
        0,
      ) <= maxUnitsPerOrder,
    "NUMBER_TOO_BIG",
  );

export const buyerBody = z.object({ firstName: text(100), lastName: text(100), email: emailSchema });
export type BuyerBody = z.infer<typeof buyerBody>;

/** POST /public/events/{slug}/carts, and the same body to replace the cart's content. */
export const cartBody = z.object({
  buyer: buyerBody,
  items: cartLines,
  couponCodes: z.array(couponCodeSchema).max(5).default([]),
  /** The buyer's language: invoices and mails speak it. */
  language: languageSchema.optional(),
});
export type CartBody = z.input<typeof cartBody>;
export type CartValues = z.output<typeof cartBody>;

/** SPEC §7 billing fields (pay, confirm, edit) by their spec names; SPEC §3 "company or individual". */
const billingShape = {
  buyerKind: buyerKindSchema,
  name: text(200),
  address: text(300),
  zip: text(20),
  city: text(100),
  siret: optionalSiret,
};
/** The billing identity a paying buyer gives: name and address required. */
export const billingBody = z.object({ ...billingShape, buyerKind: buyerKindSchema.default("individual") });
export type BillingBody = z.infer<typeof billingBody>;
/** The organizer's routes change only the billing fields they send. */
export const billingChanges = z.object(billingShape).partial();
export type BillingChanges = z.infer<typeof billingChanges>;

export const otherPaymentKindSchema = z.enum(otherPaymentMethodKinds);
export type OtherPaymentKind = z.infer<typeof otherPaymentKindSchema>;
export const checkoutMethods = ["card", ...otherPaymentMethodKinds] as const;

/**
 * POST /public/events/{slug}/carts/{token}/checkout: pay by card (the simulator's card form sends the card along;
 * with Stripe the browser confirms the answered client secret with Stripe.js), or by another method the organizer
 * offers (the order then awaits payment). SPEC §5: the terms are accepted first.
 */
export const checkoutBody = z.object({
  method: z.enum(checkoutMethods),
  billing: billingBody,
  termsAccepted: z.boolean().refine((accepted) => accepted, "TERMS_REQUIRED"),
  card: simulatorCardSchema.optional(),
});
export type CheckoutBody = z.input<typeof checkoutBody>;
export type CheckoutValues = z.output<typeof checkoutBody>;

/** The buyer's answer to the simulated 3-D Secure step of their cart's payment. */
export const cartAuthenticateBody = z.object({ outcome: z.enum(["complete", "fail"]) });

/** POST orders/{id}/pay (SPEC §7 names): finish with a payment that succeeded, or start one. */
export const payBody = billingChanges
  .omit({ buyerKind: true })
  .extend({
    /** The card Stripe.js confirms the payment with, in the browser; recorded in the payment's metadata. */
    payment_method_id: z.string().trim().min(1).max(255).optional(),
    /** A payment that succeeded: the order completes when it is this order's and covers its total. */
    payment_intent_id: z.string().trim().min(1).max(255).optional(),
  })
  .partial();
export type PayBody = z.infer<typeof payBody>;

/** POST orders/{id}/confirm: paid by another method; optionally which one. */
export const confirmBody = billingChanges.omit({ buyerKind: true }).extend({ kind: otherPaymentKindSchema.optional() });
export type ConfirmBody = z.infer<typeof confirmBody>;

/** POST orders/{id}/await: waits for a bank transfer or a cheque. */
export const awaitBody = z.object({ kind: otherPaymentKindSchema.optional() });

/** POST orders/{id}/refund: the items to refund (an option goes with its ticket); none listed refunds all that is left. */
export const refundBody = z.object({ items: z.array(idSchema).max(maxUnitsPerOrder).optional() });
export type RefundBody = z.infer<typeof refundBody>;

/** POST orders/{id}: edits billing fields; `status: "cancelled"` cancels an order not paid yet. */
export const orderEditBody = billingChanges.extend({ status: z.literal("cancelled").optional() });
export type OrderEditBody = z.infer<typeof orderEditBody>;

/**
 * POST orders: the organizer places an order for a guest (an existing one, or by email), with the same lines as a
 * cart. Paid by another method, it completes at once (`paid`), else it awaits payment. Quotas hold as for anyone;
 * the office need not be open nor the ticket on sale.
 */
export const orderCreateBody = z.object({
  buyer: z.union([z.object({ guestId: idSchema }), buyerBody]),
  items: cartLines,
  couponCodes: z.array(couponCodeSchema).max(5).default([]),
  billing: billingChanges.default({}),
  paid: z.boolean().default(false),
  kind: otherPaymentKindSchema.optional(),
  language: languageSchema.optional(),
});
export type OrderCreateBody = z.input<typeof orderCreateBody>;
export type OrderCreateValues = z.output<typeof orderCreateBody>;

// ---------------------------------------------------------------------------------------------------------------
// Queries and params

export const orderParams = eventScopeParams.extend({ id: idSchema });
export const cartParams = publicEventParams.extend({ token: z.string().min(20, "NOT_FOUND").max(100, "NOT_FOUND") });

const orderFilters = {
  status: commaList(orderStatusSchema),
  paymentMethod: paymentMethodSchema.optional(),
  /** "true": test orders only; "false": live orders only. */
  testMode: z.enum(["true", "false"]).optional(),
  /** Buyer's name or email, billing name, or the order's id. */
  search: z.string().trim().max(200).optional(),
  /**
   * Carts the buyer abandoned (expired, or replaced by the buyer's next cart) were never orders to the organizer:
   * left out unless "include" (or "only") is asked.
   */
  abandonedCarts: z.enum(["exclude", "include", "only"]).default("exclude"),
};
export const orderListQuery = listQuery.extend(orderFilters);
export type OrderListQuery = z.input<typeof orderListQuery>;
export type OrderListValues = z.output<typeof orderListQuery>;
export type OrderFilters = Omit<z.infer<typeof orderListQuery>, "limit" | "offset">;

export const orderExportQuery = z.object({ ...orderFilters, ...spreadsheetQuery.shape });

// ---------------------------------------------------------------------------------------------------------------
// Answers

const personSchema = z.object({
  guestId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
});

export const orderItemSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  /** In the request's language, else the event's. */
  caption: z.string(),
  isOption: z.boolean(),
  parentItemId: z.string().nullable(),
  holder: personSchema.nullable(),
  unitPriceInclTaxCents: z.number().int(),
  unitPriceExclTaxCents: z.number().int(),
  /** Automatic discount and coupons taken off this unit. */
  discountInclTaxCents: z.number().int(),
  netInclTaxCents: z.number().int(),
  netExclTaxCents: z.number().int(),
  taxPercent: z.number().nullable(),
  refunded: z.boolean(),
  refundedCents: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const taxLineSchema = z.object({
  taxPercent: z.number().nullable(),
  exclCents: z.number().int(),
  taxCents: z.number().int(),
  inclCents: z.number().int(),
});

export const orderPaymentSchema = z.object({
  id: z.string(),
  provider: z.enum(["stripe", "simulator"]),
  providerPaymentId: z.string(),
  status: paymentStatusSchema,
  declineCode: declineCodeSchema.nullable(),
  amountCents: z.number().int(),
  livemode: z.boolean(),
  createdAt: z.string(),
});

export const refundStatuses = ["pending", "succeeded", "failed"] as const;
/** Who asked for a refund: the organizer, or the platform for a payment it could not keep (units gone, paid twice). */
export const refundReasons = ["organizer", "automatic"] as const;
export const orderRefundSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.enum(refundStatuses),
  reason: z.enum(refundReasons),
  itemIds: z.array(z.string()),
  createdAt: z.string(),
});

/**
 * A document issued for an order (SPEC §3 Order/Organizer, issue 5): the invoice when it completes, a credit note per
 * refund. Numbers run gap-free per event and kind ("F-<series>-000042", "AV-<series>-000003"); test orders get
 * documents of their own "TEST-" series, outside the legal sequence. The PDF is
 * GET orders/{id}/documents/{documentId}/pdf (the buyer: carts/{token}/documents/{documentId}/pdf).
 */
export const orderDocumentKinds = ["invoice", "credit_note"] as const;
export type OrderDocumentKind = (typeof orderDocumentKinds)[number];
export const orderDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(orderDocumentKinds),
  number: z.string(),
  issuedAt: z.string(),
  /** What the document totals, taxes included: negative for a credit note (what it takes off the invoice). */
  amountInclTaxCents: z.number().int(),
  testMode: z.boolean(),
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

const billingSchema = z.object({
  buyerKind: buyerKindSchema,
  name: z.string(),
  address: z.string(),
  zip: z.string(),
  city: z.string(),
  siret: z.string().nullable(),
});
/** GET orders/{id}/billingaddress */
export const billingAddressSchema = billingSchema;

export const orderSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  status: orderStatusSchema,
  paymentMethod: paymentMethodSchema.nullable(),
  otherPaymentKind: otherPaymentKindSchema.nullable(),
  /** Paid with the simulator or Stripe test keys: marked, and left out of revenue. */
  testMode: z.boolean(),
  currency: z.string(),
  totalExclTaxCents: z.number().int(),
  totalInclTaxCents: z.number().int(),
  /** VAT breakdown, one line per rate (null: no VAT), lowest first. */
  taxes: z.array(taxLineSchema),
  coupons: z.array(z.object({ code: z.string(), cents: z.number().int() })),
  refundedCents: z.number().int(),
  buyer: personSchema.nullable(),
  billing: billingSchema,
  language: languageSchema,
  /** A cart holds its units until then. */
  reservedUntil: z.string().nullable(),
  cancelReason: z.enum(cancelReasons).nullable(),
  /** The sequence number of the order's legal invoice (its printed number is in `documents`); null before completion
   * and for test orders. */
  invoiceNumber: z.number().int().nullable(),
  termsAcceptedAt: z.string().nullable(),
  items: z.array(orderItemSchema),
  payments: z.array(orderPaymentSchema),
  refunds: z.array(orderRefundSchema),
  /** Invoice and credit notes, oldest first; empty until the order completes. */
  documents: z.array(orderDocumentSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderSummarySchema = orderSchema
  .pick({
    id: true,
    status: true,
    paymentMethod: true,
    otherPaymentKind: true,
    testMode: true,
    currency: true,
    totalExclTaxCents: true,
    totalInclTaxCents: true,
    refundedCents: true,
    buyer: true,
    invoiceNumber: true,
    cancelReason: true,
    createdAt: true,
    completedAt: true,
  })
  .extend({
    billingName: z.string(),
    itemCount: z.number().int(),
    /** The number printed on the order's invoice, a test invoice's ("TEST-F-…") too; null before completion. */
    invoice: z.string().nullable(),
  });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** What paid orders brought in: what was paid, less what was refunded. */
const revenueSchema = z.object({
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
});

/**
 * The list, and the revenue of the orders it selects: `revenue` counts live orders only, `testRevenue` the test
 * orders (paid with test cards, never money), so an event still in test mode sees its figures marked as such.
 * `abandonedCarts` counts the abandoned carts the filter leaves out or shows.
 */
export const orderList = listOf(orderSummarySchema).extend({
  revenue: revenueSchema,
  testRevenue: revenueSchema,
  abandonedCarts: z.number().int(),
});
export type OrderList = z.infer<typeof orderList>;

/** A cart, as its buyer reads it: the order, and the token that is the buyer's right to it. */
export const cartSchema = orderSchema.extend({ token: z.string() });
export type Cart = z.infer<typeof cartSchema>;

/** A card payment under way: what the browser confirms it with (Stripe.js, or the simulator's card form). */
export const paymentStartSchema = z.object({
  provider: z.enum(["stripe", "simulator"]),
  providerPaymentId: z.string(),
  status: paymentStatusSchema,
  declineCode: declineCodeSchema.nullable(),
  clientSecret: z.string(),
  /** Stripe.js's key; null for the simulator. */
  publishableKey: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
});
export type PaymentStart = z.infer<typeof paymentStartSchema>;

export const cartCheckoutResult = z.object({ cart: cartSchema, payment: paymentStartSchema.nullable() });
export const orderPayResult = z.object({ order: orderSchema, payment: paymentStartSchema.nullable() });

/** GET /public/events/{slug}/shop: what is on sale now, at its current price. */
export const shopTicketSchema = z.object({
  id: z.string(),
  caption: z.string(),
  description: z.string(),
  isOption: z.boolean(),
  /** The tickets an option goes with. */
  optionOf: z.array(z.string()),
  categoryId: z.string().nullable(),
  taxPercent: z.number().nullable(),
  priceInclTaxCents: z.number().int(),
  priceExclTaxCents: z.number().int(),
  /** Units left; null: unlimited. */
  remaining: z.number().int().nullable(),
});
/** A category of the shop, in the organizer's order (`position`); tickets point to one, a parent makes a tree. */
export const shopCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  parentId: z.string().nullable(),
});
export type ShopCategory = z.infer<typeof shopCategorySchema>;
export const shopSchema = z.object({
  currency: z.string(),
  categories: z.array(shopCategorySchema),
  tickets: z.array(shopTicketSchema),
});
export type Shop = z.infer<typeof shopSchema>;

import { eq } from "drizzle-orm";
import type { Executor } from "../../../db/connection.js";
import { localizedText } from "../../events/events.values.js";
import type { EventRow } from "../../events/events.visibility.js";
import { guests } from "../../guests/guests.tables.js";
import { ticketingOrganizers } from "../billing/billing.tables.js";
import { type JsonItem, orderParts, taxLines } from "../orders/order-view.js";
import type { OrderRow } from "../orders/orders.shared.js";
import { orders } from "../ticketing.tables.js";
import type { DocumentSnapshot } from "./invoices.tables.js";

/** The parts of a snapshot read from the database; the number and date are the issuer's. */
export type SnapshotParts = Omit<DocumentSnapshot, "kind" | "number" | "issuedAt" | "testMode" | "invoiceNumber">;

/**
 * What a document and its mail need of an order, in one round trip (an invoice is issued in the transaction of each
 * completed checkout): the seller's billing information, the buyer, the items with their tickets, the coupons. A
 * query of `orders` that left-joins `ticketing_organizers` and the buyer's `guests` row as `readDocumentSources`
 * does may select these columns itself (a payment's settlement reads them as it locks its order).
 */
export const documentSourceColumns = {
  seller: ticketingOrganizers,
  buyer: { firstName: guests.firstName, lastName: guests.lastName, email: guests.email },
  items: orderParts.items,
  coupons: orderParts.coupons,
};

export async function readDocumentSources(executor: Executor, order: Pick<OrderRow, "id">) {
  const [found] = await executor
    .select(documentSourceColumns)
    .from(orders)
    .leftJoin(ticketingOrganizers, eq(ticketingOrganizers.eventId, orders.eventId))
    .leftJoin(guests, eq(guests.id, orders.buyerGuestId))
    .where(eq(orders.id, order.id));
  if (!found) throw new Error(`order ${order.id} has gone`);
  return found;
}
export type DocumentSources = Awaited<ReturnType<typeof readDocumentSources>>;

/**
 * The order as a document prints it: its items (all of them for an invoice, those refunded for a credit note, with
 * the sign), grouped into lines of identical units, the VAT breakdown, the seller and the buyer.
 */
export function snapshotParts(
  event: EventRow,
  order: OrderRow,
  { seller, buyer: buyerGuest, items, coupons: orderCoupons }: DocumentSources,
  options: { itemIds?: readonly string[]; sign: 1 | -1 },
): SnapshotParts {
  // A credit note takes back items at what was paid for them: the coupons are the invoice's story.
  const coupons = options.sign > 0 ? orderCoupons : [];
  const chosen = options.itemIds ? items.filter((item) => options.itemIds?.includes(item.id)) : items;
  const { sign } = options;
  const net = (item: JsonItem) => ({
    incl: sign * (item.incl - item.discountIncl),
    excl: sign * (item.excl - item.discountExcl),
  });
  const lines = new Map<string, DocumentSnapshot["lines"][number]>();
  for (const item of chosen) {
    const key = [
      item.ticketId,
      item.incl,
      item.excl,
      item.discountIncl,
      item.discountExcl,
      String(item.taxPercent),
    ].join(" ");
    const { incl, excl } = net(item);
    const line = lines.get(key) ?? {
      caption: localizedText(item.caption, order.language, event.preferredLanguage),
      isOption: item.isOption,
      quantity: 0,
      unitExclTaxCents: sign * item.excl,
      unitInclTaxCents: sign * item.incl,
      discountInclTaxCents: sign * item.discountIncl,
      taxPercent: item.taxPercent === null ? null : Number(item.taxPercent),
      totalExclTaxCents: 0,
      totalInclTaxCents: 0,
    };
    line.quantity += 1;
    line.totalExclTaxCents += excl;
    line.totalInclTaxCents += incl;
    lines.set(key, line);
  }
  const taxes = taxLines(
    chosen.map((item) => ({
      taxPercent: item.taxPercent === null ? null : Number(item.taxPercent),
      netInclTaxCents: net(item).incl,
      netExclTaxCents: net(item).excl,
    })),
  );
  const guestName = `${buyerGuest?.firstName ?? ""} ${buyerGuest?.lastName ?? ""}`.trim();
  return {
    language: order.language,
    currency: order.currency,
    eventName: event.name,
    seller: seller
      ? {
          corporateName: seller.corporateName,
          legalStructure: seller.legalStructure,
          shareCapitalCents: seller.shareCapitalCents,
          siret: seller.siret,
          rcsNumber: seller.rcsNumber,
          street: seller.street,
          zipCode: seller.zipCode,
          city: seller.city,
          vatStatus: seller.vatStatus,
          vatNumber: seller.vatNumber,
          legalMentions: seller.legalMentions,
        }
      : null,
    buyer: {
      kind: order.buyerKind,
      // An order the organizer placed may have no billing name: the buyer's own name then.
      name: order.billingName || guestName,
      address: order.billingAddress,
      zip: order.billingZip,
      city: order.billingCity,
      siret: order.buyerKind === "company" ? order.billingSiret : null,
    },
    lines: [...lines.values()],
    coupons,
    taxes,
    totalExclTaxCents: taxes.reduce((sum, line) => sum + line.exclCents, 0),
    totalInclTaxCents: taxes.reduce((sum, line) => sum + line.inclCents, 0),
    paymentMethod:
      order.paymentMethod === "online"
        ? "card"
        : order.paymentMethod === "other"
          ? (order.otherPaymentKind ?? "other")
          : "other",
    paidAt: order.completedAt?.toISOString() ?? null,
  };
}

import type { TFunction } from "i18next";
import type { OrderItem, OrderSummary } from "../../../../contract/ticketing-orders";

/** "Card", "Bank transfer", "Cheque", "Other"; a dash while the buyer has not chosen. */
export function paymentMethodLabel(t: TFunction, order: Pick<OrderSummary, "paymentMethod" | "otherPaymentKind">) {
  const method = order.paymentMethod === "other" ? (order.otherPaymentKind ?? "other") : order.paymentMethod;
  return method ? t(`ticketing.orders.paymentMethods.${method}`) : "—";
}

/** The buyer as a name, else their email, else the billing name (an order placed for a nameless guest). */
export function buyerLabel(order: Pick<OrderSummary, "buyer" | "billingName">) {
  const buyer = order.buyer;
  return (buyer && (`${buyer.firstName} ${buyer.lastName}`.trim() || buyer.email)) || order.billingName || "—";
}

/**
 * The items of an order as the buyer chose them: each ticket followed by the options bought with it. An option whose
 * ticket is missing (never expected) still shows, on its own.
 */
export function ticketsWithOptions<Item extends { id: string; parentItemId: string | null }>(items: Item[]) {
  const ids = new Set(items.map((item) => item.id));
  const heads = items.filter((item) => item.parentItemId === null || !ids.has(item.parentItemId));
  return heads.map((ticket) => ({ ticket, options: items.filter((item) => item.parentItemId === ticket.id) }));
}

/** A VAT rate as the reader writes percents ("20 %" in French), or "No VAT". */
export function taxRateLabel(t: TFunction, language: string, taxPercent: number | null) {
  if (taxPercent === null) return t("ticketing.orders.noVat");
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(taxPercent / 100);
}

/** Who holds an item: two tickets of the same kind are told apart by it. */
export const holderName = (item: Pick<OrderItem, "holder">) =>
  (item.holder && (`${item.holder.firstName} ${item.holder.lastName}`.trim() || item.holder.email)) || null;

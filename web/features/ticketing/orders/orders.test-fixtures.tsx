import type { ReactElement } from "react";
import type { AccountRole } from "../../../../contract/auth";
import type { Order, OrderItem, OrderList, OrderSummary } from "../../../../contract/ticketing-orders";
import { type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../../events/events.test-fixtures";
import { params } from "../billing/billing.test-fixtures";

export { event, scopePath };

export const orderId = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const buyer = { guestId: "g1", firstName: "Grace", lastName: "Hopper", email: "grace@example.com" };

function item(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: "i1",
    ticketId: "t1",
    caption: "Conference pass",
    isOption: false,
    parentItemId: null,
    holder: buyer,
    unitPriceInclTaxCents: 12000,
    unitPriceExclTaxCents: 10000,
    discountInclTaxCents: 0,
    netInclTaxCents: 12000,
    netExclTaxCents: 10000,
    taxPercent: 20,
    refunded: false,
    refundedCents: 0,
    ...overrides,
  };
}

/**
 * A paid order of two passes, the first with a dinner option (5.5% VAT), a coupon taken off the second; its invoice
 * issued.
 */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: orderId,
    eventId: event.id,
    status: "completed",
    paymentMethod: "online",
    otherPaymentKind: null,
    testMode: false,
    currency: "EUR",
    totalExclTaxCents: 28000,
    totalInclTaxCents: 32150,
    taxes: [
      { taxPercent: 5.5, exclCents: 10000, taxCents: 550, inclCents: 10550 },
      { taxPercent: 20, exclCents: 18000, taxCents: 3600, inclCents: 21600 },
    ],
    coupons: [{ code: "FRIENDS", cents: 2400 }],
    refundedCents: 0,
    buyer,
    billing: {
      buyerKind: "company",
      name: "Hopper Ltd",
      address: "1 Navy Road",
      zip: "75001",
      city: "Paris",
      siret: "73282932000074",
    },
    language: "en",
    reservedUntil: null,
    cancelReason: null,
    invoiceNumber: 42,
    termsAcceptedAt: "2026-03-02T10:00:00.000Z",
    items: [
      item(),
      item({
        id: "i2",
        ticketId: "t2",
        caption: "Gala dinner",
        isOption: true,
        parentItemId: "i1",
        unitPriceInclTaxCents: 10550,
        unitPriceExclTaxCents: 10000,
        netInclTaxCents: 10550,
        netExclTaxCents: 10000,
        taxPercent: 5.5,
      }),
      item({
        id: "i3",
        holder: { guestId: "g2", firstName: "Alan", lastName: "Turing", email: "alan@example.com" },
        discountInclTaxCents: 2400,
        netInclTaxCents: 9600,
        netExclTaxCents: 8000,
      }),
    ],
    payments: [
      {
        id: "pay1",
        provider: "simulator",
        providerPaymentId: "sim_pi_1",
        status: "succeeded",
        declineCode: null,
        amountCents: 32150,
        livemode: true,
        createdAt: "2026-03-02T10:01:00.000Z",
      },
    ],
    refunds: [],
    documents: [
      {
        id: "d1",
        kind: "invoice",
        number: "F-2026-000042",
        issuedAt: "2026-03-02T10:01:00.000Z",
        amountInclTaxCents: 32150,
        testMode: false,
      },
    ],
    createdAt: "2026-03-02T10:00:00.000Z",
    updatedAt: "2026-03-02T10:01:00.000Z",
    completedAt: "2026-03-02T10:01:00.000Z",
    ...overrides,
  };
}

export function summary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const { billing, items, ...whole } = order();
  const { id, status, paymentMethod, otherPaymentKind, testMode, currency, totalExclTaxCents, totalInclTaxCents } =
    whole;
  return {
    id,
    status,
    paymentMethod,
    otherPaymentKind,
    testMode,
    currency,
    totalExclTaxCents,
    totalInclTaxCents,
    refundedCents: whole.refundedCents,
    buyer: whole.buyer,
    invoiceNumber: whole.invoiceNumber,
    invoice: whole.documents.find((document) => document.kind === "invoice")?.number ?? null,
    cancelReason: whole.cancelReason,
    createdAt: whole.createdAt,
    completedAt: whole.completedAt,
    billingName: billing.name,
    itemCount: items.length,
    ...overrides,
  };
}

export const ordersPath = `${scopePath}/orders`;

/**
 * Opens an orders page for a member with `role` on a fake server: the event, its ticketing params, `list` for the
 * orders list and `detail` for one order answer GETs; every other call goes to `answer`. Returns the recorded calls.
 */
export function openOrdersPage(options: {
  url: string;
  page: ReactElement;
  path: string;
  list?: OrderList;
  /** The order as the server holds it now: a test's answer to an action may change it. */
  detail?: () => Order;
  answer?: (request: FakeRequest) => FakeAnswer;
  role?: AccountRole;
}) {
  const { list, detail, answer = () => ({ status: 500 }), role = "organizer" } = options;
  const calls = fakeServer((request) => {
    if (request.method !== "GET") return answer(request);
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path.startsWith(`${scopePath}/ticketingparams`)) return { status: 200, body: params() };
    if (list && /^[^?]*\/orders(\?|$)/.test(request.path)) return { status: 200, body: list };
    if (detail && request.path.startsWith(`${ordersPath}/${detail().id}`)) return { status: 200, body: detail() };
    return answer(request);
  });
  renderPage([{ path: options.path, element: <AsMember accountRole={role}>{options.page}</AsMember> }], {
    url: options.url,
  });
  return calls;
}

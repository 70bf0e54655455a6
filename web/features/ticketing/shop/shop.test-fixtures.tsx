import type { RouteObject } from "react-router";
import type { Language } from "../../../../contract/common";
import type { PublicTicketing } from "../../../../contract/ticketing-billing";
import type { Cart, OrderItem, PaymentStart, Shop } from "../../../../contract/ticketing-orders";
import { PublicLayout } from "../../../ui/public-layout/PublicLayout";
import { type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../../ui/test-render";
import { PublicEventPage } from "../../public/PublicEventPage";
import { publicEvent } from "../../public/public.test-fixtures";
import { ShopPage } from "./ShopPage";

/** The shop and the event page as the router nests them, for renderPage with `scopePath: "/:lang/:event"`. */
export const shopPages: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <PublicEventPage /> },
      { path: "shop", element: <ShopPage /> },
    ],
  },
];

export const slug = "summer-gala";
/** Ticket ids are UUIDs in the contract: the browser checks the cart body with it before sending. */
export const ids = {
  pass: "0a4d55a8-d1b5-4f5e-9e0a-2f1f3f6c0001",
  dinner: "0a4d55a8-d1b5-4f5e-9e0a-2f1f3f6c0002",
  vip: "0a4d55a8-d1b5-4f5e-9e0a-2f1f3f6c0003",
};
export const shopPath = `/public/events/${slug}`;
export const token = "ct_0123456789abcdefghijkl";
export const cartPath = `${shopPath}/carts/${token}`;

export function office(overrides: Partial<PublicTicketing> = {}): PublicTicketing {
  return {
    state: "open",
    currency: "EUR",
    paymentMode: "test",
    reservationMinutes: 15,
    salesStartAt: null,
    salesEndAt: null,
    otherPaymentMethods: [],
    termsUrl: `/api/v1${shopPath}/ticketing/terms`,
    ...overrides,
  };
}

/** A pass at 60.00 with 20 % VAT (2 left), a dinner option of it, and a sold-out VIP ticket. */
export function shop(overrides: Partial<Shop> = {}): Shop {
  return {
    currency: "EUR",
    categories: [],
    tickets: [
      {
        id: ids.pass,
        caption: "Pass",
        description: "Entry to the gala.",
        isOption: false,
        optionOf: [],
        categoryId: null,
        taxPercent: 20,
        priceInclTaxCents: 6000,
        priceExclTaxCents: 5000,
        remaining: 2,
      },
      {
        id: ids.dinner,
        caption: "Dinner",
        description: "",
        isOption: true,
        optionOf: [ids.pass],
        categoryId: null,
        taxPercent: 10,
        priceInclTaxCents: 3000,
        priceExclTaxCents: 2727,
        remaining: null,
      },
      {
        id: ids.vip,
        caption: "VIP",
        description: "",
        isOption: false,
        optionOf: [],
        categoryId: null,
        taxPercent: null,
        priceInclTaxCents: 20000,
        priceExclTaxCents: 20000,
        remaining: 0,
      },
    ],
    ...overrides,
  };
}

const buyer = { guestId: "g-ada", firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

export function item(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: "i-1",
    ticketId: ids.pass,
    caption: "Pass",
    isOption: false,
    parentItemId: null,
    holder: buyer,
    unitPriceInclTaxCents: 6000,
    unitPriceExclTaxCents: 5000,
    discountInclTaxCents: 0,
    netInclTaxCents: 6000,
    netExclTaxCents: 5000,
    taxPercent: 20,
    refunded: false,
    refundedCents: 0,
    ...overrides,
  };
}

/** One pass for Ada, held for ten more minutes. */
export function cart(overrides: Partial<Cart> = {}): Cart {
  return {
    id: "o-1",
    eventId: "e-1",
    status: "in_cart",
    paymentMethod: null,
    otherPaymentKind: null,
    testMode: true,
    currency: "EUR",
    totalExclTaxCents: 5000,
    totalInclTaxCents: 6000,
    taxes: [{ taxPercent: 20, exclCents: 5000, taxCents: 1000, inclCents: 6000 }],
    coupons: [],
    refundedCents: 0,
    buyer,
    billing: { buyerKind: "individual", name: "Ada Lovelace", address: "", zip: "", city: "", siret: null },
    language: "en",
    reservedUntil: new Date(Date.now() + 10 * 60_000).toISOString(),
    cancelReason: null,
    invoiceNumber: null,
    termsAcceptedAt: null,
    items: [item()],
    payments: [],
    refunds: [],
    documents: [],
    createdAt: "2030-05-01T10:00:00.000Z",
    updatedAt: "2030-05-01T10:00:00.000Z",
    completedAt: null,
    token,
    ...overrides,
  };
}

export function payment(overrides: Partial<PaymentStart> = {}): PaymentStart {
  return {
    provider: "simulator",
    providerPaymentId: "pi_sim_1",
    status: "requires_payment_method",
    declineCode: null,
    clientSecret: "pi_sim_1_secret_x",
    publishableKey: null,
    amountCents: 6000,
    currency: "EUR",
    ...overrides,
  };
}

/**
 * The public event, its office and shop answered as given; `answer` takes the cart's calls (and anything else).
 * Returns the calls made.
 */
export function renderShop(
  answer: (request: FakeRequest) => FakeAnswer | undefined = () => undefined,
  options: { office?: PublicTicketing; shop?: Shop; url?: string; language?: Language } = {},
) {
  const calls = fakeServer((request) => {
    const path = request.path.split("?")[0];
    const answered = answer(request);
    if (answered) return answered;
    if (path === `${shopPath}/ticketing`) return { status: 200, body: options.office ?? office() };
    if (path === `${shopPath}/shop`) return { status: 200, body: options.shop ?? shop() };
    if (path === shopPath) return { status: 200, body: publicEvent({ languages: ["en", "fr"] }) };
    return { status: 404, body: { error: { code: "NOT_FOUND", message: "Not found." } } };
  });
  const view = renderPage(shopPages, {
    url: options.url ?? `/en/${slug}/shop`,
    language: options.language,
    scopePath: "/:lang/:event",
  });
  return { calls, ...view };
}

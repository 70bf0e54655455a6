import type { ReactNode } from "react";
import type { AccountRole } from "../../../../contract/auth";
import type { Currency } from "../../../../contract/ticketing-billing";
import type { Category, Coupon, Discount, Ticket } from "../../../../contract/ticketing-catalogue";
import { type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../../events/events.test-fixtures";
import { params } from "../billing/billing.test-fixtures";

export { event, scopePath };

export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: "66666666-6666-4666-8666-666666666666",
    eventId: event.id,
    caption: { fr: "Entrée", en: "Entry" },
    description: {},
    taxPercent: 20,
    maxQuantity: 100,
    quantityTaken: 3,
    sold: true,
    isOption: false,
    optionOf: [],
    onSale: true,
    active: true,
    categoryId: null,
    subcategoryId: null,
    position: 0,
    pricePeriods: [
      {
        id: "p1",
        startsAt: null,
        endsAt: null,
        priceBasis: "incl",
        priceInclTaxCents: 1200,
        priceExclTaxCents: 1000,
      },
    ],
    createdAt: "2026-03-01T09:00:00.000Z",
    updatedAt: "2026-03-01T09:00:00.000Z",
    ...overrides,
  };
}

export function category(overrides: Partial<Category> = {}): Category {
  return {
    id: "77777777-7777-4777-8777-777777777777",
    eventId: event.id,
    name: "Days",
    color: "#1971c2",
    parentId: null,
    position: 0,
    createdAt: "2026-03-01T09:00:00.000Z",
    ...overrides,
  };
}

export function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: "88888888-8888-4888-8888-888888888888",
    eventId: event.id,
    code: "SPRING24",
    discountType: "percent",
    amountOffCents: null,
    percentOff: 10,
    maxRedemptions: 100,
    redemptions: 3,
    combinable: false,
    redeemBy: null,
    ticketIds: [ticket().id],
    createdAt: "2026-03-01T09:00:00.000Z",
    updatedAt: "2026-03-01T09:00:00.000Z",
    ...overrides,
  };
}

export function discount(overrides: Partial<Discount> = {}): Discount {
  return {
    id: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb",
    eventId: event.id,
    name: "Group rate",
    discountType: "percent",
    amountOffCents: null,
    percentOff: 10,
    minQuantity: 10,
    startsAt: null,
    endsAt: null,
    ticketIds: [ticket().id],
    createdAt: "2026-03-01T09:00:00.000Z",
    updatedAt: "2026-03-01T09:00:00.000Z",
    ...overrides,
  };
}

/** The catalogue's lists, and the currency of the event's ticketing params (their default when absent). */
type Catalogue = {
  tickets?: Ticket[];
  categories?: Category[];
  coupons?: Coupon[];
  discounts?: Discount[];
  currency?: Currency;
};

/**
 * Opens a catalogue page on a fake server: GETs of the event, its params and its catalogue answer the fixtures, every other
 * call goes to `answer`. Returns the recorded calls.
 */
export function openCataloguePage(
  page: { path: string; element: ReactNode },
  { tickets = [], categories = [], coupons = [], discounts = [], currency }: Catalogue,
  answer: (request: FakeRequest) => FakeAnswer = () => ({ status: 500 }),
  role: AccountRole = "organizer",
) {
  const lists: Record<string, unknown[]> = { tickets, categories, coupons, discounts };
  const calls = fakeServer((request) => {
    if (request.method !== "GET") return answer(request);
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path === `${scopePath}/ticketingparams`) return { status: 200, body: params(currency && { currency }) };
    const part = request.path.slice(scopePath.length + 1).split(/[/?]/)[0] ?? "";
    const items = lists[part];
    return items ? { status: 200, body: { items, total: items.length } } : answer(request);
  });
  renderPage(
    [
      {
        path: `events/:eventId/ticketing/${page.path}`,
        element: <AsMember accountRole={role}>{page.element}</AsMember>,
      },
    ],
    { url: `/en/admin/events/${event.id}/ticketing/${page.path}` },
  );
  return calls;
}

// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { cart, ids, item, shop } from "./shop.test-fixtures";
import {
  available,
  cartBodyErrors,
  cartBodyOf,
  cartDiscounts,
  emptyDraft,
  estimateCents,
  heldUnits,
  optionMax,
  ticketGroups,
  withOption,
  withQuantity,
} from "./shop-selection";

const [pass, dinner] = shop().tickets as [
  ReturnType<typeof shop>["tickets"][number],
  ReturnType<typeof shop>["tickets"][number],
];
const charles = { firstName: "Charles", lastName: "Babbage", email: "charles@example.com" };

describe("what a buyer may choose", () => {
  it("counts what is left plus what the buyer's own cart holds, within an order's 100 units", () => {
    expect(available(pass, new Map())).toBe(2);
    expect(available(pass, heldUnits(cart({ items: [item(), item({ id: "i-2" })] })))).toBe(4);
    // A paid order holds nothing more to give back.
    expect(available(pass, heldUnits(cart({ status: "completed" })))).toBe(2);
    expect(available(dinner, new Map())).toBe(100);
    expect(optionMax(dinner, 3, new Map())).toBe(20);
    expect(optionMax({ ...dinner, remaining: 7 }, 3, new Map())).toBe(2);
    expect(optionMax(dinner, 0, new Map())).toBe(0);
  });

  it("keeps one holder per extra unit, and those already typed when the count changes", () => {
    let draft = withQuantity(emptyDraft(), ids.pass, 3);
    expect(draft.holders[ids.pass]).toHaveLength(2);
    draft = { ...draft, holders: { [ids.pass]: [charles, { firstName: "", lastName: "", email: "" }] } };
    draft = withQuantity(draft, ids.pass, 2);
    expect(draft.holders[ids.pass]).toEqual([charles]);
    expect(withQuantity(draft, ids.pass, 0).holders[ids.pass]).toEqual([]);
  });
});

describe("the cart body", () => {
  it("lists the chosen tickets in the order they were picked, with their holders and options, and no empty line", () => {
    let draft = withQuantity(emptyDraft(), ids.vip, 1);
    draft = withQuantity(draft, ids.pass, 2);
    draft = withOption(draft, ids.pass, ids.dinner, 1);
    draft = withQuantity(draft, ids.vip, 0);
    draft = { ...draft, holders: { ...draft.holders, [ids.pass]: [charles] }, couponCodes: ["GALA10"] };
    expect(cartBodyOf(draft, "fr")).toEqual({
      buyer: { firstName: "", lastName: "", email: "" },
      items: [
        { ticketId: ids.pass, quantity: 2, holders: [charles], options: [{ ticketId: ids.dinner, quantity: 1 }] },
      ],
      couponCodes: ["GALA10"],
      language: "fr",
    });
    expect(estimateCents(shop(), draft)).toBe(2 * (6000 + 3000));
    // The contract's own messages, named by the body's paths.
    expect(cartBodyErrors(cartBodyOf(draft, "en"), "en")).toEqual({
      "buyer.firstName": "This field is required.",
      "buyer.lastName": "This field is required.",
      "buyer.email": "This field is required.",
    });
    expect(cartBodyErrors(cartBodyOf(emptyDraft(), "en"), "en").items).toBeTruthy();
  });

  it("tells the automatic discounts apart from the coupons", () => {
    const discounted = cart({
      items: [item({ discountInclTaxCents: 1600 }), item({ id: "i-2", discountInclTaxCents: 1000 })],
      coupons: [{ code: "GALA10", cents: 1600 }],
    });
    expect(cartDiscounts(discounted)).toEqual({ grossCents: 12000, automaticCents: 1000 });
  });
});

describe("the shop's categories", () => {
  const meals = { id: "c-meals", name: "Meals", color: null, parentId: null };
  const evening = { id: "c-evening", name: "Evening", color: "#2f9e44", parentId: "c-meals" };

  it("shows tickets without a category first, then each category holding tickets under its path, options aside", () => {
    const base = shop();
    const [passTicket, dinnerOption, vip] = base.tickets as [typeof pass, typeof pass, typeof pass];
    const groups = ticketGroups({
      ...base,
      categories: [meals, evening],
      tickets: [{ ...passTicket, categoryId: "c-evening" }, dinnerOption, vip],
    });
    expect(groups.map((group) => [group.path.join(" · "), group.tickets.map((ticket) => ticket.id)])).toEqual([
      ["", [ids.vip]],
      ["Meals · Evening", [ids.pass]],
    ]);
  });

  it("keeps a ticket whose category the shop does not know with those without one", () => {
    const groups = ticketGroups({ ...shop(), categories: [meals] });
    expect(groups).toHaveLength(1);
    expect(groups[0]?.category).toBeNull();
    expect(groups[0]?.tickets.map((ticket) => ticket.id)).toEqual([ids.pass, ids.vip]);
  });
});

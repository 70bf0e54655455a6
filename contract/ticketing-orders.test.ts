import { describe, expect, it } from "vitest";
import { orderStatuses } from "./ticketing.js";
import {
  canTransition,
  cartBody,
  checkoutBody,
  orderActions,
  orderStatusTransitions,
  transitionRefusal,
} from "./ticketing-orders.js";

describe("the order transition table (SPEC §4)", () => {
  it("lets each state lead only where the spec's actions go", () => {
    expect(orderStatusTransitions).toEqual({
      in_cart: ["awaiting_payment", "completed", "cancelled"],
      awaiting_payment: ["completed", "cancelled"],
      completed: ["partially_refunded", "refunded"],
      partially_refunded: ["partially_refunded", "refunded"],
      refunded: [],
      cancelled: ["completed"],
    });
  });

  it("refuses every action the table does not allow, with a message", () => {
    for (const action of orderActions) {
      for (const status of orderStatuses) {
        const refusal = transitionRefusal(action, status);
        expect(refusal === null, `${action} from ${status}`).toBe(canTransition(action, status));
      }
    }
    expect(transitionRefusal("pay", "completed")).toBe("ORDER_ALREADY_PAID");
    expect(transitionRefusal("refund", "refunded")).toBe("ORDER_REFUND_NEEDS_ITEM");
    expect(transitionRefusal("refund", "in_cart")).toBe("ORDER_NOT_PAID");
    expect(transitionRefusal("cancel", "completed")).toBe("ORDER_PAID_NOT_CANCELLABLE");
    expect(transitionRefusal("confirm", "cancelled")).toBe("ORDER_CANCELLED");
    expect(transitionRefusal("await", "awaiting_payment")).toBe("ORDER_ALREADY_AWAITING");
    expect(transitionRefusal("expire", "awaiting_payment")).toBe("ORDER_NOT_IN_CART");
  });
});

describe("cart and checkout bodies", () => {
  const ticketId = "8f2b7c1e-3d4a-4b5c-9d6e-7f8091a2b3c4";

  it("names at most one holder per unit and caps an order's units", () => {
    const holder = { firstName: "A", lastName: "B", email: "a@example.test" };
    const tooMany = cartBody.safeParse({
      buyer: holder,
      items: [{ ticketId, quantity: 1, holders: [holder, holder] }],
    });
    expect(tooMany.success).toBe(false);
    const huge = cartBody.safeParse({
      buyer: holder,
      items: [{ ticketId, quantity: 60, options: [{ ticketId, quantity: 1 }] }],
    });
    expect(huge.error?.issues[0]?.message).toBe("NUMBER_TOO_BIG");
    expect(cartBody.safeParse({ buyer: holder, items: [] }).error?.issues[0]?.message).toBe("TICKET_CHOICE_REQUIRED");
  });

  it("asks for the terms and strips the spaces of a Siret", () => {
    const billing = { name: "Acme", address: "1 rue", zip: "75001", city: "Paris", siret: "732 829 320 00074" };
    const parsed = checkoutBody.parse({ method: "card", billing, termsAccepted: true });
    expect(parsed.billing).toMatchObject({ buyerKind: "individual", siret: "73282932000074" });
    const refused = checkoutBody.safeParse({ method: "card", billing, termsAccepted: false });
    expect(refused.error?.issues[0]?.message).toBe("TERMS_REQUIRED");
  });
});

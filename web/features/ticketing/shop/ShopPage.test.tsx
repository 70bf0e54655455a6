// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { errorAnswer } from "../../../ui/test-render";
import { cartStore } from "./cart-store";
import {
  cart,
  cartPath,
  ids,
  item,
  office,
  payment,
  renderShop,
  shop,
  shopPath,
  slug,
  token,
} from "./shop.test-fixtures";
import { emptyDraft, type ShopDraft } from "./shop-selection";

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0");
const type = (label: string | HTMLElement, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(typeof label === "string" ? within(scope).getByLabelText(label) : label, { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole("button", { name }));
const ada = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

/** A cart already made in this tab: the page reads it again, as after a reload. */
function storedCart(draft: Partial<ShopDraft> = {}) {
  cartStore.set(slug, {
    token,
    draft: { ...emptyDraft(), quantities: { [ids.pass]: 1 }, holders: { [ids.pass]: [] }, buyer: ada, ...draft },
  });
}

function fillPerson(group: string, person: { firstName: string; lastName: string; email: string }) {
  const fieldset = screen.getByRole("group", { name: group });
  type("First name *", person.firstName, fieldset);
  type("Last name *", person.lastName, fieldset);
  type("Email address *", person.email, fieldset);
}

describe("choosing tickets", () => {
  it("counts within the units left, asks who the extra units are for, and posts the cart", async () => {
    const { calls } = renderShop(({ method, path }) =>
      method === "POST" && path === `${shopPath}/carts`
        ? { status: 201, body: cart({ items: [item(), item({ id: "i-2" })] }) }
        : undefined,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Buy tickets" })).toBeTruthy();
    expect(document.title).toBe("Tickets · Summer gala · Eventdesk");
    expect(screen.getByText("Test mode — no real payment")).toBeTruthy();
    expect(await screen.findByText(/incl\. taxes \(€50\.00 excl\. taxes, VAT 20 %\)/)).toBeTruthy();
    expect(screen.getByText("Only 2 left")).toBeTruthy();

    // The sold-out ticket cannot be added; the pass stops at the 2 left.
    expect(screen.getByText("Sold out")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Add one VIP" }) as HTMLButtonElement).disabled).toBe(true);
    const addPass = screen.getByRole("button", { name: "Add one Pass" }) as HTMLButtonElement;
    expect(screen.queryByRole("group", { name: "Options for Pass" })).toBeNull();
    fireEvent.click(addPass);
    fireEvent.click(addPass);
    expect(addPass.disabled).toBe(true);
    expect(within(screen.getByRole("group", { name: "Number of Pass" })).getByText("2")).toBeTruthy();

    // Nothing is sent while a person is missing: the messages sit under the inputs.
    click("Reserve my tickets");
    expect(await screen.findByText("Some fields need your attention: see the messages next to them.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
    const holderGroup = screen.getByRole("group", { name: "Pass, ticket 2: who is it for?" });
    expect(within(holderGroup).getByLabelText("Email address *").getAttribute("aria-invalid")).toBe("true");

    fireEvent.click(
      within(screen.getByRole("group", { name: "Options for Pass" })).getByRole("button", { name: "Add one Dinner" }),
    );
    fillPerson("Pass, ticket 2: who is it for?", {
      firstName: "Charles",
      lastName: "Babbage",
      email: "charles@example.com",
    });
    fillPerson("Your details", ada);
    click("Reserve my tickets");

    expect(await screen.findByRole("heading", { name: "Your cart" })).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: `${shopPath}/carts`,
      body: {
        buyer: ada,
        items: [
          {
            ticketId: ids.pass,
            quantity: 2,
            holders: [{ firstName: "Charles", lastName: "Babbage", email: "charles@example.com" }],
            options: [{ ticketId: ids.dinner, quantity: 1 }],
          },
        ],
        couponCodes: [],
        language: "en",
      },
    });
    // The token is kept for a reload.
    expect(cartStore.get(slug)?.token).toBe(token);
    expect(screen.getByText("Your tickets are held for")).toBeTruthy();
  });

  it("shows the server's refusal next to the ticket it is about", async () => {
    renderShop(({ method, path }) =>
      method === "POST" && path === `${shopPath}/carts`
        ? errorAnswer(409, "TICKET_NOT_AVAILABLE", "This ticket is not available anymore.", {
            "items.0.ticketId": "This ticket is not available anymore.",
          })
        : undefined,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Add one Pass" }));
    fillPerson("Your details", ada);
    click("Reserve my tickets");
    const messages = await screen.findAllByText("This ticket is not available anymore.");
    // Under the ticket (named by the stepper) and in the banner.
    expect(messages).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Add one Pass" }).getAttribute("aria-describedby")).toContain(
      `ticket-${ids.pass}-error`,
    );
  });
});

describe("the cart", () => {
  it("shows a refused coupon's message by its field, and an accepted one in the totals", async () => {
    storedCart();
    let accept = false;
    const { calls } = renderShop(({ method, path }) => {
      if (method === "GET" && path === cartPath) return { status: 200, body: cart() };
      if (method === "POST" && path === cartPath)
        return accept
          ? {
              status: 200,
              body: cart({
                coupons: [{ code: "GALA10", cents: 600 }],
                items: [item({ discountInclTaxCents: 600, netInclTaxCents: 5400 })],
                totalInclTaxCents: 5400,
                totalExclTaxCents: 4500,
                taxes: [{ taxPercent: 20, exclCents: 4500, taxCents: 900, inclCents: 5400 }],
              }),
            }
          : errorAnswer(400, "CART_COUPON_INVALID", "This coupon code is not valid.", {
              "couponCodes.0": "This coupon code is not valid.",
            });
      return undefined;
    });
    expect(await screen.findByRole("heading", { name: "Your cart" })).toBeTruthy();
    type("Coupon code", "NOPE");
    click("Apply");
    expect(await screen.findByText("This coupon code is not valid.")).toBeTruthy();
    expect(screen.getByLabelText("Coupon code").getAttribute("aria-invalid")).toBe("true");
    expect(calls.at(-1)?.body).toMatchObject({ couponCodes: ["NOPE"], items: [{ ticketId: ids.pass, quantity: 1 }] });
    expect(screen.queryByText(/Coupon NOPE/)).toBeNull();

    accept = true;
    type("Coupon code", "GALA10");
    click("Apply");
    expect(await screen.findByText("Coupon GALA10 applied")).toBeTruthy();
    expect(screen.getByText("Coupon GALA10").nextSibling?.textContent).toBe("−€6.00");
    expect(screen.getByText("Total incl. taxes").nextSibling?.textContent).toBe("€54.00");
    expect(screen.getByText("VAT 20 %").nextSibling?.textContent).toBe("€9.00");
    expect(cartStore.get(slug)?.draft.couponCodes).toEqual(["GALA10"]);
  });

  it("checks out with the billing details, then pays by card through the cart's 3-D Secure step", async () => {
    storedCart();
    const completed = cart({
      status: "completed",
      paymentMethod: "online",
      reservedUntil: null,
      documents: [
        {
          id: "d-1",
          kind: "invoice",
          number: "TEST-F-2030-000001",
          issuedAt: "2030-05-01T10:05:00.000Z",
          amountInclTaxCents: 6000,
          testMode: true,
        },
      ],
    });
    const { calls } = renderShop(({ method, path, body }) => {
      if (method === "GET" && path === cartPath) return { status: 200, body: cart() };
      if (method === "POST" && path === `${cartPath}/checkout`) {
        const withCard = (body as { card?: unknown }).card !== undefined;
        return {
          status: 200,
          body: { cart: cart(), payment: payment(withCard ? { status: "requires_action" } : {}) },
        };
      }
      if (method === "POST" && path === `${cartPath}/authenticate`)
        return { status: 200, body: { cart: completed, payment: payment({ status: "succeeded" }) } };
      return undefined;
    });
    expect(await screen.findByRole("heading", { name: "Your cart" })).toBeTruthy();
    // The terms are accepted first (SPEC §5), with the link to read them.
    expect(screen.getByRole("link", { name: "Read the terms of sale (PDF)" }).getAttribute("href")).toBe(
      `/api/v1${shopPath}/ticketing/terms`,
    );
    fireEvent.click(screen.getByRole("radio", { name: "A company" }));
    type("Company name *", "Gala SAS");
    type("Siret (optional)", "732 829 320 00074");
    type("Address *", "12 rue de la Paix");
    type("Zip code *", "75002");
    type("City *", "Paris");
    click("Continue to payment");
    expect(await screen.findByText("Please accept the terms.")).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith("/checkout"))).toHaveLength(0);
    fireEvent.click(screen.getByRole("checkbox", { name: "I accept the terms of sale" }));
    click("Continue to payment");

    expect(await screen.findByRole("heading", { name: "Payment" })).toBeTruthy();
    const billing = {
      buyerKind: "company",
      name: "Gala SAS",
      address: "12 rue de la Paix",
      zip: "75002",
      city: "Paris",
      siret: "73282932000074",
    };
    expect(calls.find((call) => call.path.endsWith("/checkout"))?.body).toEqual({
      method: "card",
      billing,
      termsAccepted: true,
    });

    type("Card number", "4000002500003155");
    type("Expiry date", `12${nextYear}`);
    type("Security code (CVC)", "123");
    type("Name on the card", "Ada Lovelace");
    click("Pay €60.00");
    expect(await screen.findByRole("heading", { name: "Confirm the payment with your bank" })).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith("/checkout")).at(-1)?.body).toEqual({
      method: "card",
      billing,
      termsAccepted: true,
      card: { number: "4000 0025 0000 3155", expiry: `12/${nextYear}`, cvc: "123", name: "Ada Lovelace" },
    });

    click("Complete authentication");
    expect(await screen.findByRole("heading", { name: "Thank you, your order is confirmed" })).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ path: `${cartPath}/authenticate`, body: { outcome: "complete" } });
    expect(screen.getByText("Your tickets and the confirmation are on their way to ada@example.com.")).toBeTruthy();
    expect(screen.getByText("Test order")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download my tickets (PDF)" }).getAttribute("href")).toBe(
      `/api/v1${cartPath}/tickets/pdf`,
    );
    expect(screen.getByRole("link", { name: "Invoice TEST-F-2030-000001 (PDF)" }).getAttribute("href")).toBe(
      `/api/v1${cartPath}/documents/d-1/pdf`,
    );
  });

  it("places an order by bank transfer, which then awaits payment with the organizer's instructions", async () => {
    storedCart();
    const instructions = "IBAN FR76 3000 6000 0112 3456 7890 189, reference GALA.";
    const { calls } = renderShop(
      ({ method, path }) => {
        if (method === "GET" && path === cartPath) return { status: 200, body: cart() };
        if (method === "POST" && path === `${cartPath}/checkout`)
          return {
            status: 200,
            body: {
              cart: cart({ status: "awaiting_payment", paymentMethod: "other", otherPaymentKind: "bankTransfer" }),
              payment: null,
            },
          };
        return undefined;
      },
      { office: office({ otherPaymentMethods: [{ kind: "bankTransfer", instructions }], termsUrl: null }) },
    );
    expect(await screen.findByRole("heading", { name: "Your cart" })).toBeTruthy();
    type("Address *", "1 Infinite Loop");
    type("Zip code *", "75001");
    type("City *", "Paris");
    fireEvent.click(screen.getByRole("radio", { name: "Bank transfer" }));
    expect(screen.getByText(instructions)).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "I accept the terms of sale" }));
    click("Place my order");
    expect(await screen.findByRole("heading", { name: "Your order is registered" })).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith("/checkout"))?.body).toMatchObject({
      method: "bankTransfer",
      billing: { buyerKind: "individual", name: "Ada Lovelace", siret: null },
    });
    expect(screen.getByText(/It awaits your payment of €60\.00 by Bank transfer/)).toBeTruthy();
    expect(screen.getByText(instructions)).toBeTruthy();
  });
});

describe("the reservation", () => {
  it("says when it has run out, and makes a new cart with the same choices", async () => {
    storedCart();
    const { calls } = renderShop(({ method, path }) => {
      if (method === "GET" && path === cartPath)
        return { status: 200, body: cart({ reservedUntil: new Date(Date.now() + 2500).toISOString() }) };
      if (method === "POST" && path === `${shopPath}/carts`)
        return { status: 201, body: cart({ token: "ct_newtoken0123456789abc" }) };
      return undefined;
    });
    expect(await screen.findByRole("heading", { name: "Your cart" })).toBeTruthy();
    expect(screen.getByRole("timer").textContent).toMatch(/^0:0[123]$/);
    expect(await screen.findByRole("heading", { name: "Reservation expired" }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText("Your reservation has expired. Please choose your tickets again.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue to payment" })).toBeNull();

    click("Choose my tickets again");
    expect(within(await screen.findByRole("group", { name: "Number of Pass" })).getByText("1")).toBeTruthy();
    click("Reserve my tickets");
    expect(await screen.findByRole("heading", { name: "Your cart" })).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([`${shopPath}/carts`]);
    expect(cartStore.get(slug)?.token).toBe("ct_newtoken0123456789abc");
  });

  it("shows the expiry the server answers at checkout", async () => {
    storedCart();
    renderShop(({ method, path }) => {
      if (method === "GET" && path === cartPath) return { status: 200, body: cart() };
      if (method === "POST" && path === `${cartPath}/checkout`)
        return errorAnswer(409, "CART_EXPIRED", "Your reservation has expired. Please choose your tickets again.");
      return undefined;
    });
    expect(await screen.findByRole("heading", { name: "Your cart" })).toBeTruthy();
    type("Address *", "1 Infinite Loop");
    type("Zip code *", "75001");
    type("City *", "Paris");
    fireEvent.click(screen.getByRole("checkbox", { name: "I accept the terms of sale" }));
    click("Continue to payment");
    expect(await screen.findByRole("heading", { name: "Reservation expired" })).toBeTruthy();
  });

  it("takes up a paid order after a reload", async () => {
    storedCart();
    renderShop(({ method, path }) =>
      method === "GET" && path === cartPath
        ? { status: 200, body: cart({ status: "completed", reservedUntil: null }) }
        : undefined,
    );
    expect(await screen.findByRole("heading", { name: "Thank you, your order is confirmed" })).toBeTruthy();
  });
});

describe("the office", () => {
  it("says when sales open, and the event page offers no purchase then", async () => {
    renderShop(undefined, {
      office: office({ state: "not_yet_open", salesStartAt: "2030-05-01T08:00:00.000Z" }),
    });
    expect(await screen.findByText(/Ticket sales open on Wednesday, May 1, 2030 at 10:00/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reserve my tickets" })).toBeNull();
  });

  it("shows Buy tickets on the event page only while the office is open", async () => {
    renderShop(undefined, { url: `/en/${slug}` });
    expect((await screen.findByRole("link", { name: "Buy tickets" })).getAttribute("href")).toBe(`/en/${slug}/shop`);
    cleanup();
    renderShop(undefined, { url: `/en/${slug}`, office: office({ state: "closed" }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Summer gala" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("link", { name: "Buy tickets" })).toBeNull());
  });
});

describe("languages", () => {
  it("shows prices in the event's currency, written the page's way", async () => {
    renderShop(undefined, {
      url: `/fr/${slug}/shop`,
      language: "fr",
      office: office({ currency: "CHF" }),
      shop: shop({ currency: "CHF" }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Acheter des billets" })).toBeTruthy();
    expect(await screen.findByText(/^60,00\sCHF$/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ajouter 1 Pass" })).toBeTruthy();
    expect(screen.getByText("Mode test — aucun paiement réel")).toBeTruthy();
  });
});

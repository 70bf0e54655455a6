// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { MemberOrders } from "../../../../contract/member-orders";
import type { MemberRegistration } from "../../../../contract/public";
import { memberSessionStore } from "../../../ui/public-layout/member-session";
import { fakeServer, renderPage } from "../../../ui/test-render";
import { publicEvent, publicPages } from "../../public/public.test-fixtures";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const registration: MemberRegistration = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  status: "confirmed",
  registered: true,
  registeredAt: "2030-05-01T10:00:00.000Z",
  companionsExpected: 0,
  namelessCompanions: 0,
  companions: [],
  answers: [],
};

const orderId = "3f2a9c1e-0000-4000-8000-000000000001";
const memberOrders: MemberOrders = {
  orders: [
    {
      id: orderId,
      status: "partially_refunded",
      cancelReason: null,
      testMode: false,
      currency: "EUR",
      totalInclTaxCents: 3500,
      refundedCents: 1200,
      ticketsPrintable: true,
      items: [
        { id: "i1", caption: "Entrée", isOption: false, priceInclTaxCents: 1200, refunded: false, holderName: null },
        { id: "i2", caption: "Parking", isOption: true, priceInclTaxCents: 1100, refunded: false, holderName: null },
        {
          id: "i3",
          caption: "Entrée",
          isOption: false,
          priceInclTaxCents: 1200,
          refunded: true,
          holderName: "Grace Hopper",
        },
      ],
      documents: [
        { id: "d1", kind: "invoice", number: "F-3F2A9C1E-000001", issuedAt: "2030-05-01T10:00:00.000Z" },
        { id: "d2", kind: "credit_note", number: "AV-3F2A9C1E-000001", issuedAt: "2030-05-02T10:00:00.000Z" },
      ],
      createdAt: "2030-05-01T10:00:00.000Z",
    },
  ],
  heldTickets: [
    {
      id: "h1",
      orderId: "7b000000-0000-4000-8000-000000000002",
      caption: "Dîner",
      refunded: false,
      testMode: false,
      ticketsPrintable: true,
    },
  ],
};

function signedIn(orders: MemberOrders) {
  memberSessionStore.set("summer-gala", "ms_session");
  return fakeServer((request) => {
    if (request.path.startsWith("/public/events/summer-gala?")) return { status: 200, body: publicEvent() };
    if (request.path.endsWith("/member/answers")) return { status: 200, body: { items: [] } };
    if (request.path.endsWith("/member/orders")) return { status: 200, body: orders };
    if (request.path.endsWith("/member/shared-files")) return { status: 200, body: { items: [] } };
    if (request.path.endsWith("/pdf")) return { status: 200, body: {} };
    return { status: 200, body: registration };
  });
}

describe("member area: orders and tickets", () => {
  it("shows each order with its items, state, totals in the page's language and its PDFs, then the tickets held", async () => {
    const calls = signedIn(memberOrders);
    renderPage(publicPages, { url: "/fr/summer-gala/member", language: "fr", scopePath: "/:lang/:event" });

    const section = await screen.findByRole("region", { name: "Commandes et billets" }, { timeout: 5000 });
    const order = within(section).getByRole("article", { name: "Commande 3F2A9C1E" });
    expect(within(order).getByText("Partiellement remboursée")).toBeTruthy();
    expect(within(order).getByText("Pour Grace Hopper")).toBeTruthy();
    // The refunded item says so, and so does the line of the amount refunded.
    expect(within(order).getAllByText("Remboursé")).toHaveLength(2);
    expect(within(order).getByText("35,00 €")).toBeTruthy();
    expect(within(order).getByText("-12,00 €")).toBeTruthy();
    expect(within(order).getByRole("button", { name: "Facture F-3F2A9C1E-000001 (PDF)" })).toBeTruthy();
    expect(within(order).getByRole("button", { name: "Avoir AV-3F2A9C1E-000001 (PDF)" })).toBeTruthy();

    const held = within(section).getByRole("article", { name: "Billets achetés pour vous" });
    expect(within(held).getByText("Dîner")).toBeTruthy();
    expect(within(held).getByRole("button", { name: "Télécharger mon billet Dîner (PDF)" })).toBeTruthy();

    URL.createObjectURL = () => "blob:tickets";
    URL.revokeObjectURL = () => {};
    fireEvent.click(
      within(order).getByRole("button", { name: "Télécharger les billets de la commande 3F2A9C1E (PDF)" }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith("/tickets/pdf"))).toMatchObject({
        path: `/public/events/summer-gala/member/orders/${orderId}/tickets/pdf`,
        headers: expect.objectContaining({ authorization: "Bearer ms_session" }),
      }),
    );
  });

  it("shows nothing to a guest who has neither orders nor tickets", async () => {
    signedIn({ orders: [], heldTickets: [] });
    renderPage(publicPages, { url: "/en/summer-gala/member", language: "en", scopePath: "/:lang/:event" });
    expect(await screen.findByText("Registration confirmed", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Orders and tickets" })).toBeNull();
  });
});

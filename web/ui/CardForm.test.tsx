// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PaymentView } from "../../contract/payments";
import { CardForm, formatCardExpiry, formatCardNumber } from "./CardForm";
import { errorAnswer, fakeServer, renderPage } from "./test-render";

afterEach(cleanup);

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0");
const view = (status: PaymentView["status"], declineCode: PaymentView["declineCode"] = null): PaymentView => ({
  id: "pi_sim_1",
  status,
  declineCode,
  amountCents: 4200,
  currency: "EUR",
});

function renderForm(language: "en" | "fr" = "en") {
  const onSucceeded = vi.fn();
  renderPage(
    [
      {
        index: true,
        element: <CardForm clientSecret="pi_sim_1_secret_x" amount="42,00 €" onSucceeded={onSucceeded} />,
      },
    ],
    { url: `/${language}/admin`, language },
  );
  return onSucceeded;
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
function fillCard(number: string, cvc = "123") {
  type("Card number", number);
  type("Expiry date", `12${nextYear}`);
  type("Security code (CVC)", cvc);
  type("Name on the card", "Ada Lovelace");
}
const pay = () => fireEvent.click(screen.getByRole("button", { name: "Pay 42,00 €" }));

describe("formatting as the buyer types", () => {
  it("groups card digits as printed, and puts the expiry's slash by itself", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("42a4-2")).toBe("4242");
    expect(formatCardExpiry("1")).toBe("1");
    expect(formatCardExpiry("1229")).toBe("12/29");
    expect(formatCardExpiry("12/2999")).toBe("12/29");
  });
});

describe("the simulator's card form", () => {
  it("offers the test cards and checks the card in the browser before sending anything", async () => {
    const calls = fakeServer(() => ({ status: 500 }));
    renderForm();
    expect(screen.getByRole("note").textContent).toContain("Pay with 4242 4242 4242 4242");
    const toggle = screen.getByRole("button", { name: "Show the cards of the other scenarios" });
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect((await screen.findByRole("table", { name: "Test cards" })).textContent).toContain("4000 0000 0000 9995");
    fillCard("4242 4242 4242 4241", "12");
    type("Expiry date", "0120");
    pay();
    expect(await screen.findByText("This card number is not valid.")).toBeTruthy();
    expect(screen.getByText("This expiry date is in the past.")).toBeTruthy();
    expect(
      screen.getByText("The security code has 3 digits (4 on the front of an American Express card)."),
    ).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("pays with the client secret and hands the succeeded payment to the checkout", async () => {
    const calls = fakeServer(() => ({ status: 200, body: view("succeeded") }));
    const onSucceeded = renderForm();
    fillCard("4242424242424242");
    expect((screen.getByLabelText("Card number") as HTMLInputElement).value).toBe("4242 4242 4242 4242");
    pay();
    await waitFor(() => expect(onSucceeded).toHaveBeenCalledWith(view("succeeded")));
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "/public/payments/simulator/confirm",
      body: {
        clientSecret: "pi_sim_1_secret_x",
        card: { number: "4242 4242 4242 4242", expiry: `12/${nextYear}`, cvc: "123", name: "Ada Lovelace" },
      },
    });
  });

  it("says why a card was declined, in the page's language, and lets the buyer try another", async () => {
    let answer = view("failed", "insufficient_funds");
    fakeServer(() => ({ status: 200, body: answer }));
    const onSucceeded = renderForm("fr");
    type("Numéro de carte", "4000000000009995");
    type("Date d'expiration", `12${nextYear}`);
    type("Cryptogramme (CVC)", "123");
    type("Nom sur la carte", "Ada Lovelace");
    fireEvent.click(screen.getByRole("button", { name: "Payer 42,00 €" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Le solde de votre carte est insuffisant.");
    answer = view("succeeded");
    type("Numéro de carte", "4242424242424242");
    fireEvent.click(screen.getByRole("button", { name: "Payer 42,00 €" }));
    await waitFor(() => expect(onSucceeded).toHaveBeenCalled());
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("walks the buyer through the 3-D Secure step", async () => {
    const calls = fakeServer((request) =>
      request.path.endsWith("/confirm")
        ? { status: 200, body: view("requires_action") }
        : { status: 200, body: view("failed", "authentication_failed") },
    );
    renderForm();
    fillCard("4000002500003155");
    pay();
    fireEvent.click(await screen.findByRole("button", { name: "Fail authentication" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Your bank could not authenticate this payment. Please try again or use another card.",
    );
    expect(calls[1]).toMatchObject({
      path: "/public/payments/simulator/authenticate",
      body: { clientSecret: "pi_sim_1_secret_x", outcome: "fail" },
    });
    // Back on the card form, with what was typed, to try again.
    expect((screen.getByLabelText("Card number") as HTMLInputElement).value).toBe("4000 0025 0000 3155");
  });

  it("shows the server's refusal and puts field messages under their inputs", async () => {
    const message = "This expiry date is in the past.";
    fakeServer(() => errorAnswer(400, "CARD_EXPIRY_PAST", message, { "card.expiry": message }));
    renderForm();
    fillCard("4242424242424242");
    pay();
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(screen.getByLabelText("Expiry date").getAttribute("aria-invalid")).toBe("true");
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StripeCardForm } from "./StripeCardForm";
import { stripeScriptUrl } from "./stripe-script";
import { renderPage } from "./test-render";

const scripts = () => [...document.querySelectorAll(`script[src="${stripeScriptUrl}"]`)];

afterEach(() => {
  cleanup();
  delete window.Stripe;
  for (const script of scripts()) script.remove();
});

function renderForm(onSucceeded = vi.fn()) {
  renderPage(
    [
      {
        index: true,
        element: (
          <StripeCardForm
            publishableKey="pk_test_1"
            clientSecret="pi_1_secret_x"
            amount="€42.00"
            onSucceeded={onSucceeded}
          />
        ),
      },
    ],
    { url: "/en/admin" },
  );
  return onSucceeded;
}

/** Stripe.js as far as the form uses it: a card element mounted, and confirmCardPayment answering `result`. */
function fakeStripe(result: { error?: { message: string }; paymentIntent?: { status: string } }) {
  const mount = vi.fn();
  const confirmCardPayment = vi.fn(async () => result);
  const card = { mount, destroy: vi.fn(), on: vi.fn() };
  window.Stripe = vi.fn(() => ({ elements: () => ({ create: () => card }), confirmCardPayment }));
  return { mount, confirmCardPayment, card };
}

describe("Stripe's card form", () => {
  it("mounts Stripe's card element and confirms the payment with the client secret", async () => {
    const stripe = fakeStripe({ paymentIntent: { status: "succeeded" } });
    const onSucceeded = renderForm();
    await waitFor(() => expect(stripe.mount).toHaveBeenCalled());
    expect(window.Stripe).toHaveBeenCalledWith("pk_test_1");
    expect(screen.getByRole("group", { name: "Card details" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Pay €42.00" }));
    await waitFor(() => expect(onSucceeded).toHaveBeenCalledOnce());
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith("pi_1_secret_x", { payment_method: { card: stripe.card } });
  });

  it("shows Stripe's refusal and lets the buyer try again", async () => {
    fakeStripe({ error: { message: "Your card was declined." } });
    const onSucceeded = renderForm();
    const pay = screen.getByRole("button", { name: "Pay €42.00" }) as HTMLButtonElement;
    await waitFor(() => expect(pay.disabled).toBe(false));
    fireEvent.click(pay);
    expect(await screen.findByText("Your card was declined.")).toBeTruthy();
    expect(onSucceeded).not.toHaveBeenCalled();
  });

  it("says SPEC §8's message when Stripe.js cannot be loaded, and loads it again on demand", async () => {
    renderForm();
    await waitFor(() => expect(scripts()).toHaveLength(1));
    scripts()[0]?.dispatchEvent(new Event("error"));
    expect((await screen.findByRole("alert")).textContent).toContain("Please load the card payment provider's script.");
    expect((screen.getByRole("button", { name: "Pay €42.00" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(scripts()).toHaveLength(1));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

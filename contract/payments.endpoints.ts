import { z } from "zod";
import { endpointGroup } from "./endpoint.js";
import { paymentViewSchema, simulatorAuthenticateBody, simulatorConfirmBody } from "./payments.js";

/**
 * The simulator's side of the buyer's browser, in place of Stripe.js. Public like Stripe.js: the payment's client
 * secret, which only its checkout received, is the right to act on it; limited as the shop's own POSTs are.
 */
export const paymentSimulatorEndpoints = endpointGroup("payments", {
  confirmSimulatedCard: {
    method: "POST",
    path: "/public/payments/simulator/confirm",
    summary: "Confirm a test-mode payment with a simulated card",
    access: "anyone",
    body: simulatorConfirmBody,
    answer: paymentViewSchema,
    errors: [404, 409, 429],
  },
  authenticateSimulated: {
    method: "POST",
    path: "/public/payments/simulator/authenticate",
    summary: "Complete or fail a test-mode payment's simulated 3-D Secure check",
    access: "anyone",
    body: simulatorAuthenticateBody,
    answer: paymentViewSchema,
    errors: [404, 409, 429],
  },
});

/** Where Stripe delivers its payment events; the shop applies them to the orders. */
export const paymentWebhookEndpoints = endpointGroup("payments", {
  stripeWebhook: {
    method: "POST",
    path: "/payments/webhook",
    summary: "Receive a payment event signed by Stripe (Stripe-Signature header)",
    access: "anyone",
    body: "raw",
    answer: z.object({ received: z.literal(true) }),
    errors: [400, 404],
  },
});

import type { PaymentView, SimulatorAuthenticateBody, SimulatorConfirmBody } from "../../contract/payments";
import { request } from "./client";

/** The test-mode simulator's browser side (in place of Stripe.js): confirm a card, answer the 3-D Secure check. */
export const paymentsApi = {
  confirmSimulatedCard: (body: SimulatorConfirmBody) =>
    request<PaymentView>("POST", "/public/payments/simulator/confirm", { body, anonymous: true }),
  authenticateSimulated: (body: SimulatorAuthenticateBody) =>
    request<PaymentView>("POST", "/public/payments/simulator/authenticate", { body, anonymous: true }),
};

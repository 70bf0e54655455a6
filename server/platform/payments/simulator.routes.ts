import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type PaymentView,
  paymentViewSchema,
  simulatorAuthenticateBody,
  simulatorConfirmBody,
} from "../../../contract/payments.js";
import type { AppContext } from "../context.js";
import type { Payment } from "./payments.js";
import { createPaymentSimulator } from "./simulator.js";

const viewOf = (payment: Payment): PaymentView => ({
  id: payment.providerPaymentId,
  status: payment.status,
  declineCode: payment.declineCode,
  amountCents: payment.amountCents,
  currency: payment.currency,
});

/**
 * The simulator's side of the buyer's browser, in place of Stripe.js: the card form confirms a payment, and a payment
 * that asks for 3-D Secure is completed or failed. Public like Stripe.js: holding the payment's client secret, which
 * only its checkout received, is the right to act on it.
 */
export function registerPaymentSimulatorRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["payments"];
  const simulator = createPaymentSimulator(context);

  app.post(
    "/public/payments/simulator/confirm",
    { schema: { tags, body: simulatorConfirmBody, response: { 200: paymentViewSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return viewOf(await simulator.confirmCard(request.body));
    },
  );

  app.post(
    "/public/payments/simulator/authenticate",
    { schema: { tags, body: simulatorAuthenticateBody, response: { 200: paymentViewSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return viewOf(await simulator.authenticate(request.body));
    },
  );
}

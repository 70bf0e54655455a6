import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type PaymentView,
  paymentViewSchema,
  simulatorAuthenticateBody,
  simulatorConfirmBody,
} from "../../../contract/payments.js";
import type { AppContext } from "../context.js";
import { consumeRateLimit, shopPostLimits } from "../rate-limit.js";
import type { Payment } from "./payment-provider.js";
import { createPaymentSimulator } from "./simulator.js";

const viewOf = (payment: Payment): PaymentView => ({
  id: payment.providerPaymentId,
  status: payment.status,
  declineCode: payment.declineCode,
  amountCents: payment.amountCents,
  currency: payment.currency,
});

/** A client secret names its payment (`pi_sim_…_secret_…`): the payment, not the secret, keys its buyer's limit. */
const paymentOfSecret = (clientSecret: string) => clientSecret.split("_secret_")[0] ?? clientSecret;

/**
 * The simulator's side of the buyer's browser, in place of Stripe.js: the card form confirms a payment, and a payment
 * that asks for 3-D Secure is completed or failed. Public like Stripe.js: holding the payment's client secret, which
 * only its checkout received, is the right to act on it; limited as the shop's own POSTs are, in the same budget.
 */
export function registerPaymentSimulatorRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["payments"];
  const simulator = createPaymentSimulator(context);
  const limits = shopPostLimits(context.config);
  const limit = (ip: string, clientSecret: string) =>
    consumeRateLimit(context.db, [limits.perIp, ip], [limits.perBuyer, paymentOfSecret(clientSecret)]);

  app.post(
    "/public/payments/simulator/confirm",
    { schema: { tags, body: simulatorConfirmBody, response: { 200: paymentViewSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      await limit(request.ip, request.body.clientSecret);
      return viewOf(await simulator.confirmCard(request.body));
    },
  );

  app.post(
    "/public/payments/simulator/authenticate",
    { schema: { tags, body: simulatorAuthenticateBody, response: { 200: paymentViewSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      await limit(request.ip, request.body.clientSecret);
      return viewOf(await simulator.authenticate(request.body));
    },
  );
}

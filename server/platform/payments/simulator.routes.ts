import type { FastifyInstance, FastifyReply } from "fastify";
import { paymentSimulatorEndpoints } from "../../../contract/payments.endpoints.js";
import type { PaymentView } from "../../../contract/payments.js";
import type { AppContext } from "../context.js";
import { registerEndpoints } from "../endpoints.js";
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
export function registerPaymentSimulatorRoutes(app: FastifyInstance, context: AppContext) {
  const simulator = createPaymentSimulator(context);
  const limits = shopPostLimits(context.config);
  /** Never cached, and counted against the buyer's budget before the simulator acts. */
  const admit = async (reply: FastifyReply, ip: string, clientSecret: string) => {
    reply.header("cache-control", "no-store");
    await consumeRateLimit(context.db, [limits.perIp, ip], [limits.perBuyer, paymentOfSecret(clientSecret)]);
  };

  registerEndpoints(app, paymentSimulatorEndpoints, {
    confirmSimulatedCard: async (request, reply) => {
      await admit(reply, request.ip, request.body.clientSecret);
      return viewOf(await simulator.confirmCard(request.body));
    },
    authenticateSimulated: async (request, reply) => {
      await admit(reply, request.ip, request.body.clientSecret);
      return viewOf(await simulator.authenticate(request.body));
    },
  });
}

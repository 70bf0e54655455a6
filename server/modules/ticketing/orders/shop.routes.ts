import type { FastifyInstance } from "fastify";
import { paymentWebhookEndpoints } from "../../../../contract/payments.endpoints.js";
import { shopEndpoints } from "../../../../contract/ticketing-shop.endpoints.js";
import { concurrentStatements } from "../../../db/connection.js";
import { admissionGate, clientLeaving } from "../../../platform/admission.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { notFound } from "../../../platform/errors.js";
import { isLanguage } from "../../../platform/language.js";
import { handlePaymentEventsWith } from "../../../platform/payments/payment-events.js";
import { stripeProviderFor } from "../../../platform/payments/payments.js";
import { handlePaymentEvent } from "./order-payments.js";
import { authenticateCart, checkoutCart, createCart, getShop, readCart, updateCart } from "./shop.service.js";

// A buyer's cart, prices and units left change by the second, and are nobody else's: never cached.
const noStore = { "cache-control": "no-store" };

/**
 * The public shop under /api/v1/public/events/{slug}: what is on sale, the buyer's cart (by its token), its checkout
 * and 3-D Secure step. Also where payment providers' events reach the orders: the simulator's directly, Stripe's by
 * POST /api/v1/payments/webhook.
 */
export function registerShopRoutes(app: FastifyInstance, context: AppContext) {
  handlePaymentEventsWith(context.db, (event) => handlePaymentEvent(context, event));
  // The day tickets go on sale, thousands of new carts arrive in the same second. At most half the statements the
  // database runs at once go to new carts (five of the pool's connections, one on the embedded database), the others
  // wait their turn here: the checkouts of the carts that hold units (and every other request) find the database's
  // queue short, rather than behind the whole crowd.
  const newCartAdmitted = admissionGate(Math.ceil(concurrentStatements(context.database) / 2));

  registerEndpoints(app, shopEndpoints, {
    shop: async (request, reply) => {
      reply.headers(noStore);
      const { lang } = request.query;
      const language = lang === undefined ? request.language : isLanguage(lang) ? lang : "en";
      return getShop(context, request.params.slug, language);
    },
    createCart: async (request, reply) => {
      const cart = await newCartAdmitted(
        () => createCart(context, request.params.slug, request.body, request.ip),
        clientLeaving(reply),
      );
      reply.headers(noStore);
      return cart;
    },
    cart: async (request, reply) => {
      reply.headers(noStore);
      return readCart(context, request.params.slug, request.params.token);
    },
    updateCart: async (request, reply) => {
      reply.headers(noStore);
      return updateCart(context, request.params.slug, request.params.token, request.body, request.ip);
    },
    checkout: async (request, reply) => {
      reply.headers(noStore);
      return checkoutCart(context, request.params.slug, request.params.token, request.body, request.ip);
    },
    authenticate: async (request, reply) => {
      reply.headers(noStore);
      const { slug, token } = request.params;
      return authenticateCart(context, slug, token, request.body.outcome, request.ip);
    },
  });

  registerEndpoints(app, paymentWebhookEndpoints, {
    stripeWebhook: async (request) => {
      const stripe = stripeProviderFor(context.config);
      if (!stripe) throw notFound();
      const event = stripe.parseWebhook(
        request.body as Buffer,
        request.headers["stripe-signature"] as string | undefined,
      );
      // Not acknowledged until applied: a failure answers 500 and Stripe delivers it again.
      if (event) await handlePaymentEvent(context, event);
      return { received: true as const };
    },
  });
}

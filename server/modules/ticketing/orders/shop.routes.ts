import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicEventParams, publicEventQuery } from "../../../../contract/public.js";
import {
  cartAuthenticateBody,
  cartBody,
  cartCheckoutResult,
  cartParams,
  cartSchema,
  checkoutBody,
  shopSchema,
} from "../../../../contract/ticketing-orders.js";
import type { AppContext } from "../../../platform/context.js";
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
export function registerShopRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["ticketing"];
  const base = "/public/events/:slug";

  handlePaymentEventsWith(context.db, (event) => handlePaymentEvent(context, event));

  app.get(
    `${base}/shop`,
    { schema: { tags, params: publicEventParams, querystring: publicEventQuery, response: { 200: shopSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      const { lang } = request.query;
      const language = lang === undefined ? request.language : isLanguage(lang) ? lang : "en";
      return getShop(context, request.params.slug, language);
    },
  );

  app.post(
    `${base}/carts`,
    { schema: { tags, params: publicEventParams, body: cartBody, response: { 201: cartSchema } } },
    async (request, reply) => {
      const cart = await createCart(context, request.params.slug, request.body, request.ip);
      return reply.status(201).headers(noStore).send(cart);
    },
  );

  app.get(
    `${base}/carts/:token`,
    { schema: { tags, params: cartParams, response: { 200: cartSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return readCart(context, request.params.slug, request.params.token);
    },
  );

  app.post(
    `${base}/carts/:token`,
    { schema: { tags, params: cartParams, body: cartBody, response: { 200: cartSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return updateCart(context, request.params.slug, request.params.token, request.body, request.ip);
    },
  );

  app.post(
    `${base}/carts/:token/checkout`,
    { schema: { tags, params: cartParams, body: checkoutBody, response: { 200: cartCheckoutResult } } },
    async (request, reply) => {
      reply.headers(noStore);
      return checkoutCart(context, request.params.slug, request.params.token, request.body, request.ip);
    },
  );

  app.post(
    `${base}/carts/:token/authenticate`,
    { schema: { tags, params: cartParams, body: cartAuthenticateBody, response: { 200: cartCheckoutResult } } },
    async (request, reply) => {
      reply.headers(noStore);
      const { slug, token } = request.params;
      return authenticateCart(context, slug, token, request.body.outcome, request.ip);
    },
  );

  // Stripe signs the exact bytes it sends: this route reads its body raw, in a scope of its own.
  parent.register(async (scope) => {
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.post("/payments/webhook", { schema: { tags: ["payments"] } }, async (request) => {
      const stripe = stripeProviderFor(context.config);
      if (!stripe) throw notFound();
      const event = stripe.parseWebhook(
        request.body as Buffer,
        request.headers["stripe-signature"] as string | undefined,
      );
      // Not acknowledged until applied: a failure answers 500 and Stripe delivers it again.
      if (event) await handlePaymentEvent(context, event);
      return { received: true };
    });
  });
}

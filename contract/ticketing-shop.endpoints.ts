import { endpointGroup } from "./endpoint.js";
import { publicEventParams, publicEventQuery } from "./public.js";
import {
  cartAuthenticateBody,
  cartBody,
  cartCheckoutResult,
  cartParams,
  cartSchema,
  checkoutBody,
  shopSchema,
} from "./ticketing-orders.js";

const event = "/public/events/:slug";
const cart = `${event}/carts/:token`;

/**
 * The public shop: what is on sale, the buyer's cart (its token is the buyer's right to it), its checkout and 3-D
 * Secure step. A buyer's POSTs are rate-limited (429).
 */
export const shopEndpoints = endpointGroup("ticketing", {
  shop: {
    method: "GET",
    path: `${event}/shop`,
    summary: "List what is on sale now, with its prices and units left",
    access: "anyone",
    params: publicEventParams,
    query: publicEventQuery,
    answer: shopSchema,
  },
  createCart: {
    method: "POST",
    path: `${event}/carts`,
    summary: "Open a cart: the tickets are held for the office's reservation time",
    access: "anyone",
    params: publicEventParams,
    body: cartBody,
    status: 201,
    answer: cartSchema,
    errors: [409, 429],
  },
  cart: {
    method: "GET",
    path: cart,
    summary: "Read a cart by its token",
    access: "anyone",
    params: cartParams,
    answer: cartSchema,
  },
  updateCart: {
    method: "POST",
    path: cart,
    summary: "Change a cart's tickets, buyer or coupons",
    access: "anyone",
    params: cartParams,
    body: cartBody,
    answer: cartSchema,
    errors: [409, 429],
  },
  checkout: {
    method: "POST",
    path: `${cart}/checkout`,
    summary: "Check a cart out: pay by card, or order by bank transfer or cheque",
    access: "anyone",
    params: cartParams,
    body: checkoutBody,
    answer: cartCheckoutResult,
    errors: [409, 429],
  },
  authenticate: {
    method: "POST",
    path: `${cart}/authenticate`,
    summary: "Complete or fail the card payment's 3-D Secure step",
    access: "anyone",
    params: cartParams,
    body: cartAuthenticateBody,
    answer: cartCheckoutResult,
    errors: [409, 429],
  },
});

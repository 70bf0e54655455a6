import type { z } from "zod";
import type { Language } from "../../contract/common";
import type { PublicTicketing } from "../../contract/ticketing-billing";
import type {
  Cart,
  CartBody,
  CheckoutBody,
  cartAuthenticateBody,
  cartCheckoutResult,
  Shop,
} from "../../contract/ticketing-orders";
import { request } from "./client";

export type CartCheckoutResult = z.infer<typeof cartCheckoutResult>;

const eventPath = (slug: string) => `/public/events/${encodeURIComponent(slug)}`;
const cartPath = (slug: string, token: string) => `${eventPath(slug)}/carts/${encodeURIComponent(token)}`;
// The buyer is anonymous: the cart's token is their right to it, an organizer's session has no say here.
const anonymous = { anonymous: true } as const;

/**
 * One function per endpoint of the public ticket shop (server/modules/ticketing/orders/shop.routes.ts) and the
 * office's public state it opens on (billing.routes.ts).
 */
export const ticketingShopApi = {
  office: (slug: string, language: Language) =>
    request<PublicTicketing>("GET", `${eventPath(slug)}/ticketing`, { ...anonymous, query: { lang: language } }),
  shop: (slug: string, language: Language) =>
    request<Shop>("GET", `${eventPath(slug)}/shop`, { ...anonymous, query: { lang: language } }),
  createCart: (slug: string, body: CartBody) =>
    request<Cart>("POST", `${eventPath(slug)}/carts`, { ...anonymous, body }),
  cart: (slug: string, token: string) => request<Cart>("GET", cartPath(slug, token), anonymous),
  updateCart: (slug: string, token: string, body: CartBody) =>
    request<Cart>("POST", cartPath(slug, token), { ...anonymous, body }),
  checkout: (slug: string, token: string, body: CheckoutBody) =>
    request<CartCheckoutResult>("POST", `${cartPath(slug, token)}/checkout`, { ...anonymous, body }),
  authenticate: (slug: string, token: string, body: z.infer<typeof cartAuthenticateBody>) =>
    request<CartCheckoutResult>("POST", `${cartPath(slug, token)}/authenticate`, { ...anonymous, body }),
};

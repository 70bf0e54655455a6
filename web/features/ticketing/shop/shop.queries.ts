import routeTable from "virtual:endpoint-routes";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { Language } from "../../../../contract/common";
import type { cartCheckoutResult } from "../../../../contract/ticketing-orders";
import { clientOf } from "../../../api/client";

/** The buyer's calls: anonymous, the cart's token is their right to it. */
export const shopApi = clientOf(routeTable.shopEndpoints);
const billingApi = clientOf(routeTable.billingEndpoints);
export type CartCheckoutResult = z.output<typeof cartCheckoutResult>;

export const shopKeys = {
  office: (slug: string, language: Language) => ["public", slug, "ticketing", language] as const,
  shop: (slug: string, language: Language) => ["public", slug, "shop", language] as const,
  cart: (slug: string, token: string) => ["public", slug, "cart", token] as const,
};

/** The ticket office's state and how buyers may pay: the event page's "Buy tickets" button and the shop read it. */
export function useTicketOffice(slug: string, language: Language) {
  return useQuery({
    queryKey: shopKeys.office(slug, language),
    queryFn: () => billingApi.publicTicketing({ params: { slug }, query: { lang: language } }),
  });
}

/** What is on sale now; units left change by the second, so the shop reads them again when the buyer comes back. */
export function useShop(slug: string, language: Language, enabled: boolean) {
  return useQuery({
    queryKey: shopKeys.shop(slug, language),
    queryFn: () => shopApi.shop({ params: { slug }, query: { lang: language } }),
    enabled,
    refetchOnWindowFocus: true,
  });
}

/** The stored cart, read once when the page opens (a reload): a payment under way is settled by this read. */
export function useStoredCart(slug: string, token: string | null) {
  return useQuery({
    queryKey: shopKeys.cart(slug, token ?? ""),
    queryFn: () => shopApi.cart({ params: { slug, token: token ?? "" } }),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

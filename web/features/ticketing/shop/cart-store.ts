import type { ShopDraft } from "./shop-selection";

/**
 * The buyer's cart of an event in this tab: its token (the buyer's right to it) and what was chosen, so a reload
 * takes up the cart where it was. sessionStorage, not the URL: the token also opens the order's tickets and invoice,
 * and a URL is copied, shared and logged.
 */
export type StoredCart = { token: string | null; draft: ShopDraft };

const key = (slug: string) => `ep.cart.${slug}`;

export const cartStore = {
  get(slug: string): StoredCart | null {
    try {
      const stored = JSON.parse(sessionStorage.getItem(key(slug)) ?? "null") as StoredCart | null;
      return stored && typeof stored === "object" && stored.draft ? stored : null;
    } catch {
      // Storage unreadable (private mode, a hand-edited value): the buyer starts afresh.
      return null;
    }
  },
  set(slug: string, value: StoredCart) {
    try {
      sessionStorage.setItem(key(slug), JSON.stringify(value));
    } catch {
      // Storage full or refused: the cart still works, only a reload loses it.
    }
  },
  clear(slug: string) {
    sessionStorage.removeItem(key(slug));
  },
};

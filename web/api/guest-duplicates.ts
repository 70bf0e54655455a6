import type { z } from "zod";
import type { duplicateList, ignoreDuplicatesResult } from "../../contract/guest-duplicates";
import type { Guest } from "../../contract/guests";
import { legacyApi } from "./client";

/** The legacy routes (SPEC §7) are addressed by the event's slug: `/{event slug}/admin/...`. */
export const legacyPath = (slug: string, path: string) => `/${encodeURIComponent(slug)}/${path}`;

const duplicates = (slug: string, path: string) => legacyPath(slug, `admin/duplicates/${path}`);

export const guestDuplicatesApi = {
  list: (slug: string, page: { limit: number; offset: number }) =>
    legacyApi.get<z.infer<typeof duplicateList>>(duplicates(slug, "getDuplicatesJson"), page),
  /** Merges user2 into user1, which stays. */
  merge: (slug: string, user1: string, user2: string) =>
    legacyApi.get<Guest>(duplicates(slug, "mergeJson"), { user1, user2 }),
  /** "Not a duplicate": each pair is `[user1, user2]`. */
  ignore: (slug: string, pairs: [string, string][]) =>
    legacyApi.post<z.infer<typeof ignoreDuplicatesResult>>(duplicates(slug, "deleteJson"), { selectedIds: pairs }),
};

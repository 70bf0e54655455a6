import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";

const memberKey = (slug: string) => `ep.member.${slug}`;

/** A guest's member session, one per event, kept apart from the organizer's session so neither replaces the other. */
export const memberSessionStore = {
  get: (slug: string) => localStorage.getItem(memberKey(slug)),
  set: (slug: string, token: string) => localStorage.setItem(memberKey(slug), token),
  clear: (slug: string) => localStorage.removeItem(memberKey(slug)),
};

/** The guest's member session of the event, the bearer token of member calls, when they have one. */
export const memberToken = (slug: string) => memberSessionStore.get(slug) ?? undefined;

/** The guest's session of one event: kept in localStorage so a reload or a later visit stays signed in. */
export function useMemberSession(slug: string) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() => memberSessionStore.get(slug));
  const start = useCallback(
    (sessionToken: string) => {
      memberSessionStore.set(slug, sessionToken);
      setToken(sessionToken);
    },
    [slug],
  );
  /** Forgets the session and every answer read with it, so the next guest on this phone sees none of it. */
  const end = useCallback(() => {
    memberSessionStore.clear(slug);
    setToken(null);
    queryClient.removeQueries({ queryKey: ["public", slug, "member"] });
    queryClient.removeQueries({ queryKey: ["public", slug, "attendees"] });
  }, [slug, queryClient]);
  return { signedIn: token !== null, start, end };
}

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { memberSessionStore } from "../../api/public";

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

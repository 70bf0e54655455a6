import routeTable from "virtual:endpoint-routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Session } from "../../../contract/auth";
import { clientOf, sessionStore } from "../../api/client";

/** The client of the auth endpoints, shared by the sign-in, sign-up and password pages. */
export const authApi = clientOf(routeTable.authEndpoints);

export const meQueryKey = ["auth", "me"] as const;

/** The signed-in organizer and their accounts; disabled when there is no session token. */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: () => authApi.me(),
    enabled: sessionStore.get() !== null,
    staleTime: 60_000,
  });
}

/** Keeps a new session and forgets every cached answer of the previous one. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (session: Session) => {
      sessionStore.set(session.token);
      queryClient.clear();
    },
    [queryClient],
  );
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => authApi.logout().catch(() => undefined),
    onSettled: () => {
      sessionStore.clear();
      queryClient.clear();
    },
  });
}

import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError } from "../api/client";
import { AccessibleNames } from "./accessible-names";
import { accessibleColors, theme } from "./theme";

/**
 * Network faults and 5xx are worth three more tries, and a 429 "too many searches at once" (the user's other lists end
 * soon); another 4xx will not change on retry, nor a search too slow to finish (SEARCH_TOO_SLOW).
 */
const worthRetrying = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.code === "TOO_MANY_SEARCHES" ||
  (error.status >= 500 && error.code !== "SEARCH_TOO_SLOW");

/** SPEC §9 client defaults: 3 retries, cache garbage collection after 5 minutes, no HTTP timeout. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => failureCount < 3 && worthRetrying(error),
      gcTime: 5 * 60 * 1000,
      refetchOnWindowFocus: false,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={accessibleColors}>
      <AccessibleNames>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AccessibleNames>
    </MantineProvider>
  );
}

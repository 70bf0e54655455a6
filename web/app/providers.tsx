import { type CSSVariablesResolver, createTheme, MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError } from "../api/client";

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

// Blue 7 on white is 5.9:1 and dark gray text passes AA on every surface used.
const theme = createTheme({
  primaryColor: "blue",
  primaryShade: 7,
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  defaultRadius: "md",
  focusRing: "auto",
  headings: { fontWeight: "700" },
});

// Mantine's "dimmed" gray (help text) and red 6 (field errors) are about 3.3:1 on white, under the AA minimum of
// 4.5:1; gray 7 and red 8 pass.
const accessibleColors: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": theme.colors.gray[7] ?? "#495057",
    "--mantine-color-error": theme.colors.red[8] ?? "#e03131",
  },
  dark: {},
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={accessibleColors}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

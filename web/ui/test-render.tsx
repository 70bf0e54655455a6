import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from "react-router";
import { vi } from "vitest";
import type { Language } from "../../contract/common";
import { languages } from "../../contract/common";
import { AlertBanner, AlertProvider } from "./alert";
import { loadCatalogue } from "./catalogues";
import { LanguageScope } from "./language-scope";

// Every language at hand before the first render, both parts, as a page test switches between them at will.
await Promise.all(languages.flatMap((language) => [loadCatalogue(language), loadCatalogue(language, "organizer")]));

// jsdom has no matchMedia, which Mantine reads for color scheme and responsive props.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lays nothing out, so Mantine's focus trap finds no focusable element in a popover and says so on every
// open; the warning is about the test browser, not the page.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].startsWith("[@mantine/hooks/use-focus-trap]")) return;
  warn(...args);
};

// jsdom has no ResizeObserver either, which Mantine's SegmentedControl, ScrollArea and Tabs indicator use.
if (typeof window.ResizeObserver === "undefined") {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

type RenderOptions = {
  /** The address the page opens at, e.g. "/en/admin/reset-password?token=abc". */
  url: string;
  language?: Language;
  /** The path of the language scope the routes live under; "/:event/admin" for the event entry. */
  scopePath?: string;
};

/**
 * Renders pages as the app does — StrictMode, Mantine, TanStack Query, the path's language, the alert banner — in a memory
 * router. `routes` are the children of the admin scope (`{ index: true, element: <SignInPage /> }`); the returned
 * `router` tells where the page navigated.
 */
export function renderPage(routes: RouteObject[], { url, language = "en", scopePath }: RenderOptions) {
  return renderRoutes(
    [
      {
        path: scopePath ?? `/${language}/admin`,
        element: (
          <LanguageScope language={language} adminBase={`/${language}/admin`}>
            <AlertProvider>
              <AlertBanner />
              <Outlet />
            </AlertProvider>
          </LanguageScope>
        ),
        children: [...routes, { path: "*", element: <p>elsewhere</p> }],
      },
    ],
    url,
  );
}

/**
 * Renders routes that bring their own language scope (the app's public routes: the page picks the language) with
 * the providers renderPage gives, at `url`.
 */
export function renderRoutes(routes: RouteObject[], url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  // StrictMode as in web/main.tsx: effects run twice on mount, so a page that is not ready for it fails here.
  const view = render(
    <StrictMode>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  return { ...view, router };
}

export type FakeAnswer = { status: number; body?: unknown };
export type FakeRequest = { method: string; path: string; body: unknown; headers: Record<string, string> };

/**
 * Replaces the browser's network edge — the only thing page tests fake. `answer` gets each call to /api/v1 and says
 * what the server replies; the returned list records the calls.
 */
export function fakeServer(answer: (request: FakeRequest) => FakeAnswer) {
  const calls: FakeRequest[] = [];
  vi.stubGlobal("fetch", async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const request = {
      method: init.method ?? "GET",
      path: url.pathname.replace(/^\/api\/v1/, "") + url.search,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(request);
    const { status, body } = answer(request);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  return calls;
}

/** The error body the server sends, in the shape of contract/common.ts. */
export const errorAnswer = (
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): FakeAnswer => ({
  status,
  body: { error: { code, message, ...(fields && { fields }) } },
});

/** The card under a heading (a statistics figure, a form's question), found by the heading's name and level. */
export const cardOf = (name: string, level = 2) =>
  screen.getByRole("heading", { level, name }).closest(".mantine-Card-root") as HTMLElement;

/** A table's rows below its header, each as the texts of its cells. */
export const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );

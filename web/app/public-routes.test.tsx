// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { publicEventPages } from "../../contract/events";
import { eventPageServer, publicEvent } from "../features/public/public.test-fixtures";
import i18n, { browserLanguage } from "../i18n/i18n";
import { LoadingLine } from "../ui/LoadingLine";
import { renderRoutes } from "../ui/test-render";
import { publicEventRoutes } from "./router";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The app's public routes as web/app/router.tsx mounts them, at `url`. */
const open = (url: string) => renderRoutes([{ HydrateFallback: LoadingLine, children: publicEventRoutes() }], url);

/** The browser's preferred languages, as `navigator.languages` gives them; the app starts in the first one. */
async function browserPrefers(...preferred: string[]) {
  vi.spyOn(navigator, "languages", "get").mockReturnValue(preferred);
  vi.spyOn(navigator, "language", "get").mockReturnValue(preferred[0] ?? "");
  await i18n.changeLanguage(browserLanguage());
}

describe("public event address without a language", () => {
  it("shows the event page in the browser's language and keeps the links without a language", async () => {
    await browserPrefers("es-ES", "en");
    const calls = eventPageServer(() => ({ status: 200, body: publicEvent() }));
    open("/summer-gala");

    expect(await screen.findByRole("heading", { level: 1, name: "Summer gala" })).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: "GET", path: "/public/events/summer-gala?lang=es" });
    expect(document.documentElement.lang).toBe("es");
    expect(screen.getByText(/5 de junio de 2030/)).toBeTruthy();
    expect(screen.getByText("Las inscripciones no están abiertas.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Mi área de miembro" }).getAttribute("href")).toBe("/summer-gala/member");
  });

  it("follows another browser language, and reads English for one the platform does not speak", async () => {
    await browserPrefers("fr-CA");
    const french = eventPageServer(() => ({ status: 200, body: publicEvent() }));
    open("/summer-gala");
    expect(await screen.findByText(/5 juin 2030/)).toBeTruthy();
    expect(french[0]?.path).toBe("/public/events/summer-gala?lang=fr");
    expect(screen.getByRole("link", { name: "Mon espace membre" })).toBeTruthy();
    cleanup();

    await browserPrefers("de-DE");
    const english = eventPageServer(() => ({ status: 200, body: publicEvent() }));
    open("/summer-gala");
    expect(await screen.findByRole("link", { name: "My member area" })).toBeTruthy();
    expect(english[0]?.path).toBe("/public/events/summer-gala?lang=en");
    expect(document.documentElement.lang).toBe("en");
  });

  it("lets a language in the path win over the browser's", async () => {
    await browserPrefers("es-ES");
    const calls = eventPageServer(() => ({ status: 200, body: publicEvent() }));
    open("/fr/summer-gala");
    expect(await screen.findByRole("link", { name: "Mon espace membre" })).toBeTruthy();
    expect(calls[0]?.path).toBe("/public/events/summer-gala?lang=fr");
  });
});

describe("an event's own domain", () => {
  // What the server puts on <html> when the page is asked on one of the event's custom domains.
  const onEventDomain = () => {
    document.documentElement.dataset.eventSlug = "summer-gala";
  };
  afterEach(() => {
    delete document.documentElement.dataset.eventSlug;
  });

  it("shows the event at the root, with links that name no event", async () => {
    onEventDomain();
    await browserPrefers("en-GB");
    const calls = eventPageServer(() => ({ status: 200, body: publicEvent() }));
    open("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Summer gala" })).toBeTruthy();
    expect(calls[0]?.path).toBe("/public/events/summer-gala?lang=en");
    expect(screen.getByRole("link", { name: "My member area" }).getAttribute("href")).toBe("/member");
    expect(screen.getByRole("link", { name: "Summer gala" }).getAttribute("href")).toBe("/");
  });

  it("reads a language from the first segment and keeps it in the links", async () => {
    onEventDomain();
    await browserPrefers("es-ES");
    const calls = eventPageServer(() => ({ status: 200, body: publicEvent() }));
    open("/fr");
    expect(await screen.findByRole("link", { name: "Mon espace membre" })).toBeTruthy();
    expect(calls[0]?.path).toBe("/public/events/summer-gala?lang=fr");
    expect(screen.getByRole("link", { name: "Mon espace membre" }).getAttribute("href")).toBe("/fr/member");
    expect(screen.getByRole("link", { name: "Summer gala" }).getAttribute("href")).toBe("/fr");
  });

  it("switches language keeping the query, the event still out of the path", async () => {
    onEventDomain();
    await browserPrefers("es-ES");
    eventPageServer(() => ({ status: 200, body: publicEvent() }));
    const { router } = open("/?utm_source=mail");
    fireEvent.click(await screen.findByRole("button", { name: /^Español — / }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Français" }));
    // The language's route loads its chunks before the address changes.
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe("/fr?utm_source=mail"),
    );
  });

  it("shows the not-found page for a path that is none of the event's pages", async () => {
    onEventDomain();
    await browserPrefers("en-GB");
    eventPageServer(() => ({ status: 200, body: publicEvent() }));
    open("/summer-gala");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });
});

describe("the public pages the server knows", () => {
  it("are the pages the router mounts below an event (contract/events.ts publicEventPages)", () => {
    const [scope] = publicEventRoutes();
    const pages = scope?.children?.[0]?.children ?? [];
    const paths = pages.flatMap((page) => (page.path && page.path !== "*" ? [page.path] : []));
    expect(paths.sort()).toEqual([...publicEventPages].sort());
  });
});

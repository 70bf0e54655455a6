// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicCustomPage } from "../../../contract/custom-pages";
import { errorAnswer, renderPage } from "../../ui/test-render";
import { CustomPage } from "./CustomPage";
import { eventPageServer, noContent, publicEvent, publicPages } from "./public.test-fixtures";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The public pages with the custom page's route, as public.routes.tsx nests it. */
const routes: RouteObject[] = publicPages.map((layout) => ({
  ...layout,
  children: [...(layout.children ?? []), { path: "pages/:pageSlug", element: <CustomPage /> }],
})) as RouteObject[];

const content = {
  ...noContent,
  speakers: [{ id: "s1", name: "Ada", job: "", company: "", biography: "", photo: null, socialUrls: {} }],
  pages: [
    { title: "Cómo llegar", slug: "como-llegar" },
    { title: "Patrocinio", slug: "patrocinio" },
  ],
};

const pageIn = (language: "es" | "fr", overrides: Partial<PublicCustomPage> = {}): PublicCustomPage => ({
  language,
  title: language === "es" ? "Cómo llegar" : "Accès",
  slug: language === "es" ? "como-llegar" : "acces",
  body: '<h2>Metro</h2><p>Línea <strong>2</strong>. <a href="https://maps.example" rel="noopener noreferrer">Mapa</a></p>',
  otherVersions: [{ language: language === "es" ? "fr" : "es", slug: language === "es" ? "acces" : "como-llegar" }],
  ...overrides,
});

function show(url: string, language: "es" | "fr" = "es") {
  const calls = eventPageServer((request) => {
    const page = /^\/public\/events\/summer-gala\/pages\/([^?]+)\?lang=(\w+)/.exec(request.path);
    if (page?.[1] === "como-llegar" && page[2] === "es") return { status: 200, body: pageIn("es") };
    if (page?.[1] === "acces" && page[2] === "fr") return { status: 200, body: pageIn("fr") };
    if (page) return errorAnswer(404, "NOT_FOUND", "Not found.");
    return { status: 200, body: publicEvent() };
  }, content);
  renderPage(routes, { url, language, scopePath: "/:lang/:event" });
  return calls;
}

describe("CustomPage", () => {
  it("shows the page's rich text under the event's menu, the page marked as the current one", async () => {
    show("/es/summer-gala/pages/como-llegar");
    expect(await screen.findByRole("heading", { level: 1, name: "Cómo llegar" })).toBeTruthy();
    const article = screen.getByRole("article");
    expect(within(article).getByRole("heading", { level: 2, name: "Metro" })).toBeTruthy();
    expect(within(article).getByText("2").tagName).toBe("STRONG");
    expect(within(article).getByRole("link", { name: "Mapa" }).getAttribute("href")).toBe("https://maps.example");

    const menu = await screen.findByRole("navigation", { name: "Menú del evento" });
    const links = within(menu).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Inicio", "/es/summer-gala"],
      ["Ponentes", "/es/summer-gala#speakers"],
      ["Cómo llegar", "/es/summer-gala/pages/como-llegar"],
      ["Patrocinio", "/es/summer-gala/pages/patrocinio"],
    ]);
    expect(within(menu).getByRole("link", { name: "Cómo llegar" }).getAttribute("aria-current")).toBe("page");
  });

  it("says so when the page does not exist in the language", async () => {
    show("/es/summer-gala/pages/nowhere");
    expect(await screen.findByRole("heading", { level: 1, name: "Página no encontrada" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Volver al evento" }).getAttribute("href")).toBe("/es/summer-gala");
  });
});

describe("EventMenu on the event page", () => {
  it("is there only when the event has sections or pages", async () => {
    show("/es/summer-gala");
    const menu = await screen.findByRole("navigation", { name: "Menú del evento" });
    expect(within(menu).getByRole("link", { name: "Inicio" }).getAttribute("aria-current")).toBe("page");
  });
});

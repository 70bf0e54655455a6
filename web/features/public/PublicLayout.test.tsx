// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeServer, renderPage } from "../../ui/test-render";
import { publicEvent, publicPages } from "./public.test-fixtures";

afterEach(cleanup);

describe("public pages' frame", () => {
  it("names the platform in the footer and offers the event's languages", async () => {
    fakeServer(() => ({ status: 200, body: publicEvent() }));
    renderPage(publicPages, { url: "/es/summer-gala", language: "es", scopePath: "/:lang/:event" });
    expect(await screen.findByRole("heading", { level: 1, name: "Summer gala" })).toBeTruthy();
    expect(screen.getByRole("contentinfo").textContent).toMatch(/Eventdesk/);
    expect(document.title).toBe("Summer gala · Eventdesk");
    expect(screen.getByRole("button", { name: /Español/ })).toBeTruthy();
  });

  it("leaves the platform's name out of a white-labelled event's pages", async () => {
    fakeServer(() => ({ status: 200, body: publicEvent({ whiteLabel: true }) }));
    renderPage(publicPages, { url: "/es/summer-gala", language: "es", scopePath: "/:lang/:event" });
    expect(await screen.findByRole("heading", { level: 1, name: "Summer gala" })).toBeTruthy();
    expect(screen.queryByRole("contentinfo")).toBeNull();
    expect(document.body.textContent).not.toMatch(/Eventdesk/);
    expect(document.title).toBe("Summer gala");
  });

  it("offers no language menu without the multilang module", async () => {
    fakeServer(() => ({ status: 200, body: publicEvent({ multilang: false, languages: ["es"] }) }));
    renderPage(publicPages, { url: "/es/summer-gala/member", language: "es", scopePath: "/:lang/:event" });
    expect(await screen.findByRole("heading", { level: 1 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Español/ })).toBeNull();
  });

  it("moves a page asked in another language to the preferred one without the multilang module", async () => {
    fakeServer(() => ({ status: 200, body: publicEvent({ multilang: false, languages: ["es"] }) }));
    const { router } = renderPage(publicPages, {
      url: "/fr/summer-gala/member?token=abc",
      language: "fr",
      scopePath: "/:lang/:event",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/es/summer-gala/member"));
    expect(router.state.location.search).toBe("?token=abc");
  });
});

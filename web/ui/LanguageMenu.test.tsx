// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LanguageMenu } from "./LanguageMenu";
import { renderPage } from "./test-render";

afterEach(cleanup);

describe("language menu", () => {
  it("fetches its menu at the first click, opens it, and switches the path's language", async () => {
    const { router } = renderPage([{ path: "events", element: <LanguageMenu /> }], {
      url: "/fr/admin/events?page=2",
      language: "fr",
    });

    const button = await screen.findByRole("button", { name: "Français — Langue" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(screen.queryByRole("menu")).toBeNull();
    fireEvent.click(button);

    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Français", "English", "Español"]);
    expect(items[0]?.getAttribute("aria-current")).toBe("true");
    fireEvent.click(items[2] as HTMLElement);
    expect(router.state.location.pathname + router.state.location.search).toBe("/es/admin/events?page=2");
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AccountRole } from "../../../../contract/auth";
import type { CustomPage } from "../../../../contract/custom-pages";
import { errorAnswer, fakeServer, renderPage } from "../../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../../events/events.test-fixtures";
import { contentBackOfficeRoutes } from "../content.routes";
import { slugOf } from "./CustomPageModal";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const version = (title: string, slug: string, inMenu = true) => ({ title, slug, menuTitle: title, inMenu, body: "" });
const pages: CustomPage[] = [
  {
    id: "p1",
    eventId: event.id,
    position: 0,
    versions: {
      fr: version("Infos pratiques", "infos"),
      en: { ...version("Practical information", "practical", false), body: "<p>Come <strong>early</strong>.</p>" },
    },
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
  },
  {
    id: "p2",
    eventId: event.id,
    position: 1,
    versions: { en: version("Sponsors' corner", "sponsors") },
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
  },
];

function show(role: AccountRole = "organizer", create?: () => ReturnType<typeof errorAnswer>) {
  const calls = fakeServer((request) => {
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path === `${scopePath}/custompages/create` && create) return create();
    if (request.path === `${scopePath}/custompages`) return { status: 200, body: { items: pages, total: 2 } };
    return { status: 200, body: pages[0] };
  });
  renderPage(
    [
      {
        path: "",
        element: (
          <AsMember accountRole={role}>
            <Outlet />
          </AsMember>
        ),
        children: contentBackOfficeRoutes,
      },
    ],
    { url: `/en/admin/events/${event.id}/content/pages` },
  );
  return calls;
}

describe("CustomPagesPage", () => {
  it("lists the pages by their title in the preferred language, with their address in each language", async () => {
    show();
    expect(await screen.findByRole("heading", { level: 2, name: "Pages" })).toBeTruthy();
    const items = await screen.findAllByRole("listitem");
    expect(items[0]?.textContent).toContain("Infos pratiques");
    expect(items[0]?.textContent).toContain("FR /pages/infos · EN /pages/practical (not in the menu)");
    expect(items[1]?.textContent).toContain("Sponsors' corner");
  });

  it("adds a page in one language: the address follows the title, the blank language is left out", async () => {
    const calls = show();
    await screen.findByText("Infos pratiques");
    fireEvent.click(screen.getByRole("button", { name: "Add a page" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a page" });
    fireEvent.click(within(dialog).getByRole("tab", { name: "English" }));
    const panel = within(dialog).getByRole("tabpanel", { name: "English" });
    const title = within(panel).getByRole("textbox", { name: /Title/ });
    fireEvent.change(title, { target: { value: "Getting there" } });
    fireEvent.blur(title);
    expect(within(panel).getByRole("textbox", { name: /Address/ })).toHaveProperty("value", "getting-there");
    expect(within(panel).getByRole("textbox", { name: "Text" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === `${scopePath}/custompages/create`)?.body).toEqual({
        versions: {
          en: { title: "Getting there", slug: "getting-there", menuTitle: "", inMenu: true, body: "" },
        },
      }),
    );
  });

  it("shows the server's refusal of an address under its field, on its language's tab", async () => {
    show("organizer", () =>
      errorAnswer(409, "CUSTOM_PAGE_URL_TAKEN", "Another page of the event already has this URL in this language.", {
        "versions.en.slug": "Another page of the event already has this URL in this language.",
      }),
    );
    await screen.findByText("Infos pratiques");
    fireEvent.click(screen.getByRole("button", { name: "Add a page" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a page" });
    fireEvent.click(within(dialog).getByRole("tab", { name: "English" }));
    const panel = within(dialog).getByRole("tabpanel", { name: "English" });
    fireEvent.change(within(panel).getByRole("textbox", { name: /Title/ }), { target: { value: "Sponsors" } });
    fireEvent.change(within(panel).getByRole("textbox", { name: /Address/ }), { target: { value: "sponsors" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    const slug = within(panel).getByRole("textbox", { name: /Address/ });
    await waitFor(() => expect(slug.getAttribute("aria-invalid")).toBe("true"));
    const described = (slug.getAttribute("aria-describedby") ?? "").split(" ");
    expect(described.map((id) => window.document.getElementById(id)?.textContent)).toContain(
      "Another page of the event already has this URL in this language.",
    );
  });

  it("shows a reader the list without the buttons", async () => {
    show("reader");
    await screen.findByText("Infos pratiques");
    expect(screen.queryByRole("button", { name: "Add a page" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Infos pratiques" })).toBeNull();
  });
});

describe("slugOf", () => {
  it("makes an address from a title", () => {
    expect(slugOf("Infos pratiques & accès !")).toBe("infos-pratiques-acces");
    expect(slugOf("  Été 2026 ")).toBe("ete-2026");
  });
});

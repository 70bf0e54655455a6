// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeServer, renderPage } from "../../ui/test-render";
import { accountId, listed, me, organizer } from "./accounts.test-fixtures";
import { PlatformPage } from "./PlatformPage";

const acme = { id: accountId, name: "Acme Events", createdAt: "2026-01-01T10:00:00.000Z" };
const paul = organizer({ role: null });

// Rendered bare, as AdminLayout does for a platform Administrator who has not chosen an account yet.
const open = () => renderPage([{ path: "platform", element: <PlatformPage /> }], { url: "/en/admin/platform" });

beforeEach(() => localStorage.setItem("ep.session", "token"));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("platform page", () => {
  it("steps into an account: it becomes the current one and the events list opens", async () => {
    fakeServer((request) => {
      if (request.path === "/auth/me") return { status: 200, body: me("platformAdmin") };
      return listed([acme]);
    });
    const { router } = open();
    fireEvent.click(await screen.findByRole("button", { name: "Work in the account Acme Events" }));
    expect(localStorage.getItem("ep.account")).toBe(accountId);
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/admin/events"));
  });

  it("asks for a user's accounts only when shown, and deletes a user after confirmation", async () => {
    const calls = fakeServer((request) => {
      if (request.path === "/auth/me") return { status: 200, body: me("platformAdmin") };
      if (request.path.startsWith("/administrators?")) return listed([paul]);
      if (request.path === `/administrators/${paul.id}/accounts`) {
        return { status: 200, body: { items: [{ id: accountId, name: "Acme Events", role: "editor" }] } };
      }
      if (request.method === "DELETE") return { status: 200, body: { ok: true } };
      return listed([acme]);
    });
    open();
    fireEvent.click(await screen.findByRole("tab", { name: "Administrators" }));
    const row = (await screen.findByText("Paul Durand")).closest("tr") as HTMLElement;
    expect(calls.some((call) => call.path.endsWith("/accounts") && call.path.startsWith("/administrators/"))).toBe(
      false,
    );
    fireEvent.click(within(row).getByRole("button", { name: "Show the accounts of Paul Durand" }));
    expect(await within(row).findByText("Acme Events — Editor")).toBeTruthy();

    fireEvent.click(within(row).getByRole("button", { name: "Delete the user Paul Durand" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this user?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "DELETE")?.path).toBe(`/administrators/${paul.id}`),
    );
  });

  it("tells anyone else the page is not for them", async () => {
    const calls = fakeServer(() => ({ status: 200, body: me("overseer") }));
    open();
    expect(await screen.findByText("You do not have access to this page.")).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(["/auth/me"]);
  });
});

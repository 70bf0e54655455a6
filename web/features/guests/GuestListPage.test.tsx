// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth";
import type { Ebadge } from "../../../contract/ebadges";
import type { Guest } from "../../../contract/guests";
import { errorAnswer, type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { ebadge } from "../ebadges/ebadges.test-fixtures";
import { AsMember, event, eventApiPath, scopePath } from "../events/events.test-fixtures";
import { GuestListPage } from "./GuestListPage";
import { customField, guest } from "./guests.test-fixtures";

const grace = guest();
const alan = guest({
  id: "g2",
  firstName: "Alan",
  lastName: "Turing",
  email: "alan@example.com",
  status: "to_be_seen",
});

function open(
  url: string,
  {
    role = "organizer",
    guests = [grace, alan],
    total = guests.length,
    answer,
    nextCursor = () => null,
    badges = [],
  }: {
    role?: AccountRole;
    guests?: Guest[];
    total?: number;
    /** The event's e-badges: with one at least, the selection can print badges. */
    badges?: Ebadge[];
    answer?: (request: FakeRequest) => FakeAnswer;
    /** The list's `nextCursor` for the page a request asks for. */
    nextCursor?: (path: string) => string | null;
  } = {},
  language: "en" | "fr" = "en",
) {
  const calls = fakeServer((request) => {
    if (request.method !== "GET") return answer?.(request) ?? { status: 500 };
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path === `${scopePath}/ebadges`) return { status: 200, body: { items: badges, total: badges.length } };
    if (request.path.startsWith(`${scopePath}/customfields`))
      return { status: 200, body: { items: [customField()], total: 1 } };
    return { status: 200, body: { items: guests, total, nextCursor: nextCursor(request.path) } };
  });
  renderPage(
    [
      {
        path: "events/:eventId/guests",
        element: (
          <AsMember accountRole={role}>
            <GuestListPage />
          </AsMember>
        ),
      },
    ],
    { url, language },
  );
  return calls;
}

const listCalls = (calls: FakeRequest[]) =>
  calls.filter((call) => call.method === "GET" && call.path.startsWith(`${scopePath}/users`)).map((call) => call.path);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("guest list page", () => {
  it("lists guests with their status, sorts by a column header and keeps it in the address", async () => {
    const calls = open(`/en/admin/events/${event.id}/guests`);
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(
      within(rows[1] as HTMLElement)
        .getByRole("link", { name: "Grace Hopper" })
        .getAttribute("href"),
    ).toBe(`/en/admin/events/${event.id}/guests/${grace.id}`);
    expect(rows[2]?.textContent).toContain("To be seen");
    expect(screen.getByText("2 guests")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Guests of Summer gala · Eventdesk"));
    const nameHeader = screen.getByRole("columnheader", { name: /Name/ });
    expect(nameHeader.getAttribute("aria-sort")).toBe("ascending");

    fireEvent.click(screen.getByRole("button", { name: "Sort by Email, ascending" }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain("sort=email&direction=asc"));
    expect(screen.getByRole("columnheader", { name: /Email/ }).getAttribute("aria-sort")).toBe("ascending");
    expect(nameHeader.getAttribute("aria-sort")).toBe("none");
  });

  it("reads filters from the address and shows a custom field column on demand", async () => {
    const calls = open(`/en/admin/events/${event.id}/guests?status=confirmed,to_be_seen&registered=true`, {
      guests: [guest({ customFields: { [customField().id]: "veg" } })],
    });
    await screen.findByRole("table");
    expect(listCalls(calls)[0]).toContain("status=confirmed%2Cto_be_seen&registered=true");
    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    fireEvent.click(await screen.findByRole("checkbox", { name: "Diet" }));
    expect(await screen.findByRole("columnheader", { name: "Diet" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "Vegetarian" })).toBeTruthy();
    expect(localStorage.getItem(`guests.columns.${event.id}`)).toBe(JSON.stringify([customField().id]));
  });

  it("deletes every guest matching the filter after confirmation, and says why a ticket holder stayed", async () => {
    const calls = open(`/en/admin/events/${event.id}/guests?status=confirmed`, {
      total: 3,
      answer: () => ({ status: 200, body: { deleted: 2, notDeleted: [grace.id] } }),
    });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select the guests of this page" }));
    fireEvent.click(screen.getByRole("button", { name: "Select all 3 guests matching the filter" }));
    expect(screen.getByText("3 selected")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete guests" });
    expect(within(dialog).getByText("Delete 3 guests? This cannot be undone.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(calls.find((call) => call.method === "POST")).toBeTruthy());
    // One call with the filter, not the ids seen: the server acts on the list as it is when the action runs.
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      expect.objectContaining({
        path: `${scopePath}/users/bulk`,
        body: { selection: { filter: { status: "confirmed" } }, action: { type: "delete" } },
      }),
    ]);
    expect(listCalls(calls).some((path) => path.includes("limit=500"))).toBe(false);
    expect(await screen.findByText("Guests could not be deleted. They may have a ticket.")).toBeTruthy();
  });

  it("changes the status of the selected guests in one call, and shows the server's refusal", async () => {
    const calls = open(`/en/admin/events/${event.id}/guests`, {
      answer: () => errorAnswer(500, "GUESTS_NOT_UPDATED", "Guests could not be updated."),
    });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select the guests of this page" }));
    const bar = screen.getByRole("region", { name: "Selected guests" });
    const statusInput = within(bar).getByLabelText("New status", { selector: "input" });
    fireEvent.click(statusInput);
    // The status filter has the same options: take them from the list this input controls.
    const listbox = await waitFor(
      () => document.getElementById(statusInput.getAttribute("aria-controls") ?? "") as HTMLElement,
    );
    fireEvent.click(within(listbox).getByRole("option", { name: "Confirmed", hidden: true }));
    fireEvent.click(within(bar).getByRole("button", { name: "Change the status" }));
    expect(await screen.findByText("Guests could not be updated.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      expect.objectContaining({
        path: `${scopePath}/users/bulk`,
        body: { selection: { ids: [grace.id, alan.id] }, action: { type: "setStatus", status: "confirmed" } },
      }),
    ]);
  });

  it("starts a badge batch for the selected guests and shows its progress", async () => {
    URL.createObjectURL = () => "blob:badges";
    URL.revokeObjectURL = () => {};
    const batch = {
      id: "b1",
      status: "running",
      total: 1,
      done: 0,
      fileUrl: null,
      error: null,
      createdAt: event.createdAt,
    };
    const calls = open(`/en/admin/events/${event.id}/guests`, {
      badges: [ebadge()],
      answer: (request) => ({ status: 202, body: request.path.endsWith("/batches") ? batch : {} }),
    });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Grace Hopper" }));
    const bar = screen.getByRole("region", { name: "Selected guests" });
    fireEvent.click(await within(bar).findByRole("button", { name: "Print badges" }));
    const dialog = await screen.findByRole("dialog", { name: "Printing badges" });
    expect(await within(dialog).findByText("0 of 1 badges ready")).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: `${scopePath}/ebadges/batches`,
      body: { guestIds: [grace.id] },
    });
  });

  it("offers no badge printing while the event has no e-badge, nor for all the guests matching the filter", async () => {
    open(`/en/admin/events/${event.id}/guests`, { total: 3 });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select the guests of this page" }));
    expect(screen.getByRole("button", { name: "Change the status" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Print badges" })).toBeNull();
    cleanup();

    open(`/en/admin/events/${event.id}/guests`, { total: 3, badges: [ebadge()] });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select the guests of this page" }));
    expect(await screen.findByRole("button", { name: "Print badges" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Select all 3 guests matching the filter" }));
    expect(screen.queryByRole("button", { name: "Print badges" })).toBeNull();
  });

  it("exports the filtered list as an Excel file in the list's order", async () => {
    const saved: string[] = [];
    URL.createObjectURL = () => "blob:guests";
    URL.revokeObjectURL = () => {};
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function () {
      saved.push(this.download);
    };
    try {
      const calls = open(`/en/admin/events/${event.id}/guests?status=confirmed&sort=email`);
      fireEvent.click(await screen.findByRole("button", { name: "Export" }));
      fireEvent.click(await screen.findByRole("menuitem", { name: "Excel workbook (.xlsx)" }));
      await waitFor(() => expect(saved).toEqual([`guests-${event.slug}.xlsx`]));
      expect(calls.find((call) => call.path.includes("/users/export"))?.path).toBe(
        `${scopePath}/users/export?status=confirmed&sort=email&direction=asc&format=xlsx`,
      );
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it("adds a guest, with the server's message under the email in French", async () => {
    const message = "Un invité de cet événement a déjà cette adresse e-mail.";
    const calls = open(
      `/fr/admin/events/${event.id}/guests`,
      { guests: [], answer: () => errorAnswer(400, "VALIDATION_FAILED", "Données invalides", { email: message }) },
      "fr",
    );
    fireEvent.click((await screen.findAllByRole("button", { name: "Ajouter un invité" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Ajouter un invité" });
    fireEvent.change(within(dialog).getByLabelText("Prénom"), { target: { value: "Ada" } });
    fireEvent.change(within(dialog).getByLabelText("Adresse e-mail"), { target: { value: "ada@example.com" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ajouter l'invité" }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: `${scopePath}/users`,
      body: { firstName: "Ada", email: "ada@example.com", status: "not_responded" },
    });
  });

  it("says before sending that a new guest needs an email or a last name", async () => {
    const calls = open(`/en/admin/events/${event.id}/guests`, {
      guests: [],
      answer: () => ({ status: 201, body: guest({ firstName: "Ada", lastName: "Lovelace" }) }),
    });
    fireEvent.click((await screen.findAllByRole("button", { name: "Add a guest" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Add a guest" });
    fireEvent.change(within(dialog).getByLabelText("First name"), { target: { value: "Ada" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add the guest" }));
    const required = "An email address or a last name is required.";
    await waitFor(() => expect(within(dialog).getAllByText(required)).toHaveLength(2));
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    fireEvent.change(within(dialog).getByLabelText("Last name"), { target: { value: "Lovelace" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add the guest" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toMatchObject({
        body: { firstName: "Ada", lastName: "Lovelace", email: null },
      }),
    );
  });

  it("turns pages by the cursor of the page before, and opens a page from its address by offset", async () => {
    const calls = open(`/en/admin/events/${event.id}/guests`, {
      total: 120,
      nextCursor: (path) => (path.includes("cursor=page-2") ? "page-3" : path.includes("offset=0") ? "page-2" : null),
    });
    await screen.findByRole("table");
    expect(listCalls(calls).at(-1)).toContain("offset=0");
    fireEvent.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain("cursor=page-2"));
    fireEvent.click(await screen.findByRole("button", { name: "Page 3" }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain("cursor=page-3"));
    expect(listCalls(calls).some((path) => path.includes("offset=50") || path.includes("offset=100"))).toBe(false);
    cleanup();

    const opened = open(`/en/admin/events/${event.id}/guests?page=3`, { total: 120 });
    await screen.findByRole("table");
    expect(listCalls(opened).at(-1)).toContain("offset=100");
  });

  it("lets a reader look without selecting or adding", async () => {
    open(`/en/admin/events/${event.id}/guests`, { role: "reader" });
    await screen.findByRole("table");
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Add a guest" })).toBeNull();
  });
});

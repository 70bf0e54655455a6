// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth";
import type { Guest } from "../../../contract/guests";
import { errorAnswer, type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { AsMember } from "../events/events.test-fixtures";
import { GuestListPage } from "./GuestListPage";
import { customField, event, eventApiPath, guest, scopePath } from "./guests.test-fixtures";

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
  }: {
    role?: AccountRole;
    guests?: Guest[];
    total?: number;
    answer?: (request: FakeRequest) => FakeAnswer;
  } = {},
  language: "en" | "fr" = "en",
) {
  const calls = fakeServer((request) => {
    if (request.method !== "GET") return answer?.(request) ?? { status: 500 };
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path.startsWith(`${scopePath}/customfields`))
      return { status: 200, body: { items: [customField()], total: 1 } };
    return { status: 200, body: { items: guests, total } };
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

  it("deletes every guest matching the filter after confirmation", async () => {
    const calls = open(`/en/admin/events/${event.id}/guests?status=confirmed`, {
      total: 3,
      answer: () => ({ status: 200, body: { deleted: 2, notDeleted: [] } }),
    });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select the guests of this page" }));
    fireEvent.click(screen.getByRole("button", { name: "Select all 3 guests matching the filter" }));
    expect(screen.getByText("3 selected")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete guests" });
    expect(within(dialog).getByText("Delete 3 guests? This cannot be undone.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(calls.find((call) => call.method === "POST")).toBeTruthy());
    // The ids come from the filter as it is when the action runs.
    expect(listCalls(calls).some((path) => path.includes("limit=500") && path.includes("status=confirmed"))).toBe(true);
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: `${scopePath}/users/deleteusers`,
      body: { ids: [grace.id, alan.id] },
    });
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

  it("lets a reader look without selecting or adding", async () => {
    open(`/en/admin/events/${event.id}/guests`, { role: "reader" });
    await screen.findByRole("table");
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Add a guest" })).toBeNull();
  });
});

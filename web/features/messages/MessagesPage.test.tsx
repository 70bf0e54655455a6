// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth";
import type { Message } from "../../../contract/messages";
import { fakeServer, renderPage } from "../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../events/events.test-fixtures";
import { MessagesPage } from "./MessagesPage";

const message = (overrides: Partial<Message>): Message => ({
  id: "m1",
  eventId: event.id,
  name: "Hélène Durand",
  email: "helene@example.com",
  subject: "Parking",
  body: "Is there a car park near the venue?",
  language: "fr",
  guestId: null,
  readAt: null,
  createdAt: "2026-03-01T09:00:00.000Z",
  ...overrides,
});
const helene = message({});
const alan = message({ id: "m2", name: "Alan Turing", subject: null, readAt: "2026-03-02T09:00:00.000Z" });
const inbox = `${scopePath}/messages`;

function open(accountRole: AccountRole = "organizer") {
  let deleted = false;
  const calls = fakeServer((request) => {
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path === `${inbox}/unread`) return { status: 200, body: { count: deleted ? 0 : 1 } };
    if (request.path === `${inbox}/m1/read`)
      return { status: 200, body: { ...helene, readAt: "2026-03-03T09:00:00Z" } };
    if (request.method === "DELETE") {
      deleted = true;
      return { status: 200, body: { ok: true } };
    }
    const items = deleted ? [alan] : [helene, alan];
    return { status: 200, body: { items, total: items.length } };
  });
  renderPage(
    [
      {
        path: "events/:eventId/messages",
        element: (
          <AsMember accountRole={accountRole}>
            <MessagesPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}/messages` },
  );
  return calls;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("messages page", () => {
  it("lists the inbox with the unread count in the heading and the unread in bold", async () => {
    open();
    const table = await screen.findByRole("table", {}, { timeout: 5000 });
    await waitFor(() => expect(document.title).toBe("Messages of Summer gala · Eventdesk"));
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading.textContent).toBe("Messages");
    expect(await screen.findByText("1 unread")).toBeTruthy();
    const unreadRow = within(table).getByRole("button", { name: "Open the unread message from Hélène Durand" });
    expect(unreadRow.closest("tr")?.getAttribute("style") ?? "").toMatch(/font-weight: ?700/);
    const readRow = within(table).getByRole("button", { name: "Open the message from Alan Turing" });
    expect(readRow.closest("tr")?.getAttribute("style") ?? "").not.toMatch(/font-weight/);
    expect(within(table).getByText("(no subject)")).toBeTruthy();
    expect(screen.getByText("2 messages")).toBeTruthy();
  });

  it("searches and filters through the API", async () => {
    const calls = open();
    await screen.findByRole("table", {}, { timeout: 5000 });
    fireEvent.change(screen.getByRole("searchbox", { name: "Search" }), { target: { value: "parking" } });
    await waitFor(() => expect(calls.some((call) => call.path.includes("query=parking"))).toBe(true));
    fireEvent.click(screen.getByRole("combobox", { name: "Show" }));
    fireEvent.click(await screen.findByRole("option", { name: "Unread", hidden: true }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === `${inbox}?query=parking&unread=true&limit=25&offset=0`)).toBe(true),
    );
  });

  it("marks a message read when an editor opens it, and deletes it after confirmation", async () => {
    const calls = open();
    fireEvent.click(await screen.findByRole("button", { name: "Open the unread message from Hélène Durand" }));
    const dialog = await screen.findByRole("dialog", { name: "Parking" });
    expect(within(dialog).getByText("Is there a car park near the venue?")).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Reply by email" }).getAttribute("href")).toBe(
      "mailto:helene@example.com?subject=Re%3A%20Parking",
    );
    await waitFor(() => expect(calls.some((call) => call.path === `${inbox}/m1/read`)).toBe(true));
    expect(calls.find((call) => call.path === `${inbox}/m1/read`)?.body).toEqual({ read: true });

    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(within(dialog).getByText("Delete the message from Hélène Durand? It cannot be recovered.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete the message" }));
    expect(await screen.findByText("The message was deleted.")).toBeTruthy();
    expect(calls.some((call) => call.method === "DELETE" && call.path === `${inbox}/m1`)).toBe(true);
    await waitFor(() => expect(screen.queryByText("1 unread")).toBeNull());
  });

  it("lets a Reader read a message without marking it or offering to delete it", async () => {
    const calls = open("reader");
    fireEvent.click(await screen.findByRole("button", { name: "Open the unread message from Hélène Durand" }));
    const dialog = await screen.findByRole("dialog", { name: "Parking" });
    expect(within(dialog).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Mark as read" })).toBeNull();
    expect(calls.some((call) => call.path.endsWith("/read"))).toBe(false);
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../../contract/auth";
import type { DuplicatePair } from "../../../../contract/guest-duplicates";
import { type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../../ui/test-render";
import { AsMember, event, eventApiPath } from "../../events/events.test-fixtures";
import { guest } from "../guests.test-fixtures";
import { DuplicatesPage } from "./DuplicatesPage";

const helene = guest({ id: "g1", firstName: "Hélène", lastName: "Dupont", email: null, company: "Acme" });
const helene2 = guest({ id: "g2", firstName: "Helene", lastName: "Dupont", email: "h@example.com", company: "ACME" });
const pair: DuplicatePair = { user1: helene, user2: helene2, reasons: ["name_company"] };
const base = `/${event.slug}/admin/duplicates`;

function open(role: AccountRole = "organizer", answer?: (request: FakeRequest) => FakeAnswer | undefined) {
  let pairs = [pair];
  const calls = fakeServer((request) => {
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path.startsWith(`${base}/getDuplicatesJson`))
      return { status: 200, body: { items: pairs, total: pairs.length } };
    const custom = answer?.(request);
    if (custom) return custom;
    pairs = [];
    if (request.path.startsWith(`${base}/mergeJson`)) return { status: 200, body: helene };
    return { status: 200, body: { ignored: 1 } };
  });
  renderPage(
    [
      {
        path: "events/:eventId/guests/duplicates",
        element: (
          <AsMember accountRole={role}>
            <DuplicatesPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}/guests/duplicates` },
  );
  return calls;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("duplicates page", () => {
  it("shows a pair side by side with its reason and differences, and merges into the left one", async () => {
    const calls = open();
    const table = await screen.findByRole("table", {}, { timeout: 5000 });
    await waitFor(() => expect(document.title).toBe("Duplicates of Summer gala · Eventdesk"));
    expect(screen.getByText("Same name and company")).toBeTruthy();
    expect(within(table).getByRole("columnheader", { name: "Kept: Hélène Dupont" })).toBeTruthy();
    const firstName = within(table).getByRole("rowheader", { name: /First name/ });
    expect(firstName.textContent).toContain("differs");
    expect(within(table).getByRole("rowheader", { name: "Last name" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Merge into the left one" }));
    await screen.findByText("The guests were merged into Hélène Dupont.");
    const merge = calls.find((call) => call.path.startsWith(`${base}/mergeJson`));
    expect(merge?.path).toBe(`${base}/mergeJson?user1=g1&user2=g2`);
    await screen.findByText("No possible duplicate left to review.");
  });

  it("swaps the sides before merging, and ignores a pair", async () => {
    const calls = open();
    fireEvent.click(await screen.findByRole("button", { name: "Swap" }, { timeout: 5000 }));
    expect(screen.getByRole("columnheader", { name: "Kept: Helene Dupont" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Not a duplicate" }));
    await screen.findByText("This pair will not be proposed again.");
    const ignore = calls.find((call) => call.path.startsWith(`${base}/deleteJson`));
    expect(ignore).toMatchObject({ method: "POST", body: { selectedIds: [["g2", "g1"]] } });
  });

  it("shows the server's message when a merge fails, and no decision buttons to a reader", async () => {
    open("organizer", (request) =>
      request.path.startsWith(`${base}/mergeJson`)
        ? { status: 404, body: { error: { code: "NOT_FOUND", message: "Not found." } } }
        : undefined,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Merge into the left one" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Not found.");
    cleanup();
    open("reader");
    await screen.findByRole("table");
    expect(screen.queryByRole("button", { name: "Merge into the left one" })).toBeNull();
  });
});

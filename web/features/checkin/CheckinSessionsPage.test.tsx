// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorAnswer, type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../events/events.test-fixtures";
import { CheckinSessionsPage } from "./CheckinSessionsPage";
import { checkinSession, sessionId } from "./checkin.test-fixtures";

const offlineDoor = checkinSession({
  id: "88888888-8888-4888-8888-888888888888",
  name: "Hall B",
  mode: "offline",
  flagged: 2,
  lastConnectionAt: null,
});

function open(answer: (request: FakeRequest) => FakeAnswer | undefined = () => undefined) {
  const calls = fakeServer((request) => {
    const special = answer(request);
    if (special) return special;
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path === `${scopePath}/checkins`) {
      return { status: 200, body: { items: [checkinSession(), offlineDoor], total: 2 } };
    }
    if (
      request.path.endsWith("/tickets") ||
      request.path.endsWith("/categories") ||
      request.path.endsWith("/customfields")
    ) {
      return { status: 200, body: { items: [], total: 0 } };
    }
    return { status: 404 };
  });
  renderPage(
    [
      {
        path: "events/:eventId/checkin",
        element: (
          <AsMember accountRole="organizer">
            <CheckinSessionsPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}/checkin` },
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = async (name: string) => (await screen.findByRole("link", { name })).closest("tr") as HTMLElement;

describe("check-in sessions page", () => {
  it("lists each session with its mode, counts, flagged scans and last connection", async () => {
    open();
    const main = await row("Main door");
    expect(within(main).getByText("Live")).toBeTruthy();
    expect(within(main).getByText("42 / 120")).toBeTruthy();
    expect(within(main).getByRole("link", { name: "Main door" }).getAttribute("href")).toBe(
      `/en/admin/events/${event.id}/checkin/${sessionId}`,
    );
    const hall = await row("Hall B");
    expect(within(hall).getByText("Offline")).toBeTruthy();
    expect(within(hall).getByText("2 flagged")).toBeTruthy();
    expect(within(hall).getByText("Never")).toBeTruthy();
    await waitFor(() => expect(document.title).toContain("Check-in"));
  });

  it("creates an offline session and shows the server's refusal when the event's maximum is reached", async () => {
    const calls = open((request) =>
      request.method === "POST" && request.path === `${scopePath}/checkins`
        ? errorAnswer(409, "CHECKIN_MAX_REACHED", "Impossible to create checkin. Max number of checkins reached.")
        : undefined,
    );
    fireEvent.click(await screen.findByRole("button", { name: "New session" }));
    const dialog = await screen.findByRole("dialog", { name: "New check-in session" });
    fireEvent.change(within(dialog).getByLabelText(/Name \(the door\)/), { target: { value: "Garden" } });
    fireEvent.click(within(dialog).getByText("Offline"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await within(dialog).findByText("Impossible to create checkin. Max number of checkins reached."),
    ).toBeTruthy();
    const created = calls.find((call) => call.method === "POST");
    expect(created?.body).toMatchObject({
      name: "Garden",
      mode: "offline",
      conditions: { statuses: [], ticketIds: [], categoryIds: [], customFields: [] },
      displayedFields: ["firstName", "lastName", "company", "ticket"],
    });
  });

  it("edits a session without sending its mode, and deletes one after confirmation", async () => {
    const calls = open((request) =>
      request.method === "POST" && request.path === `${scopePath}/checkins/${sessionId}`
        ? { status: 200, body: checkinSession({ name: "Front door" }) }
        : request.method === "DELETE"
          ? { status: 200, body: { ok: true } }
          : undefined,
    );
    const main = await row("Main door");
    fireEvent.click(within(main).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit the check-in session" });
    const name = within(dialog).getByLabelText(/Name \(the door\)/);
    expect((name as HTMLInputElement).value).toBe("Main door");
    fireEvent.change(name, { target: { value: "Front door" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    const update = calls.find((call) => call.method === "POST");
    expect(update?.body).toMatchObject({ name: "Front door", conditions: { statuses: ["confirmed"] } });
    expect(update?.body).not.toHaveProperty("mode");

    vi.stubGlobal("confirm", () => true);
    fireEvent.click(within(await row("Hall B")).getByRole("button", { name: "Delete Hall B" }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === "DELETE" && call.path.endsWith(offlineDoor.id))).toBe(true),
    );
  });
});

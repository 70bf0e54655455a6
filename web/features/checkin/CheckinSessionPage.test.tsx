// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckinLiveMessage, CheckinResult } from "../../../contract/checkin";
import { sessionStore } from "../../api/client";
import { fakeServer, renderPage } from "../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../events/events.test-fixtures";
import { guest } from "../guests/guests.test-fixtures";
import { CheckinSessionPage } from "./CheckinSessionPage";
import { arrival, checkinSession, sessionId } from "./checkin.test-fixtures";

const sessionPath = `${scopePath}/checkins/${sessionId}`;
const code = {
  id: "99999999-9999-4999-8999-999999999999",
  sessionId,
  code: "ABCD2345",
  joinUrl: "http://localhost/checkin?code=ABCD2345",
  createdAt: "2026-05-01T08:00:00.000Z",
};
const ada = arrival();
const grace = guest({ firstName: "Grace", lastName: "Hopper" });

/** The live stream as the server writes it: the server's retry, then the messages pushed by the test. */
function liveStream() {
  let push: (message: CheckinLiveMessage) => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      controller.enqueue(encoder.encode("retry: 2000\n\n: heartbeat\n\n"));
      push = (message) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(message)}\n\n`));
    },
  });
  return {
    response: new Response(body, { headers: { "content-type": "text/event-stream" } }),
    push: (m: CheckinLiveMessage) => push(m),
  };
}

function open(checkAnswer: CheckinResult) {
  sessionStore.set("organizer-session");
  const calls = fakeServer((request) => {
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path === sessionPath) return { status: 200, body: checkinSession() };
    if (request.path === `${sessionPath}/stats`) {
      return { status: 200, body: { expected: 120, checkedIn: 42, flagged: 0, devices: 2, overTime: [] } };
    }
    if (request.path.startsWith(`${sessionPath}/arrivals`)) return { status: 200, body: { items: [ada], total: 1 } };
    if (request.path === `${sessionPath}/check`) return { status: 200, body: checkAnswer };
    if (request.path.startsWith(`${scopePath}/checkincodes/last`)) return { status: 200, body: code };
    if (request.path.startsWith(`${scopePath}/checkincodes/sessions`)) {
      const device = {
        id: "d1",
        label: "Door A phone",
        userAgent: "Pixel",
        connectedAt: code.createdAt,
        lastSeenAt: code.createdAt,
      };
      return { status: 200, body: { items: [device], total: 1 } };
    }
    if (request.path.startsWith(`${scopePath}/users`))
      return { status: 200, body: { items: [grace], total: 1, nextCursor: null } };
    return { status: 404 };
  });
  const answered = globalThis.fetch;
  const stream = liveStream();
  const liveCalls: RequestInit[] = [];
  vi.stubGlobal("fetch", (input: URL | string, init: RequestInit = {}) => {
    if (String(input).endsWith(`${sessionPath}/live`)) {
      liveCalls.push(init);
      return Promise.resolve(stream.response);
    }
    return answered(input, init);
  });
  renderPage(
    [
      {
        path: "events/:eventId/checkin/:sessionId",
        element: (
          <AsMember accountRole="organizer">
            <CheckinSessionPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}/checkin/${sessionId}` },
  );
  return { calls, push: stream.push, liveCalls };
}

afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe("check-in session page", () => {
  it("shows the access code grouped with its QR code, and the phones that joined", async () => {
    open({ outcome: "accepted", refusal: null, checkin: null, previous: null, guest: null });
    expect((await screen.findByTestId("access-code", {}, { timeout: 8000 })).textContent).toBe("ABCD-2345");
    expect(
      await screen.findByRole("img", { name: "QR code that opens the staff app with the code ABCD-2345" }),
    ).toBeTruthy();
    expect(await screen.findByText("Door A phone")).toBeTruthy();
    await waitFor(() => expect(document.title).toContain("Check-in session Main door"));
  });

  it("raises the count and lists an arrival as soon as the live stream tells, without reloading", async () => {
    const { push, liveCalls, calls } = open({
      outcome: "accepted",
      refusal: null,
      checkin: null,
      previous: null,
      guest: null,
    });
    await waitFor(() => expect(screen.getByTestId("checked-in-count").textContent).toBe("42 / 120"), { timeout: 8000 });
    await waitFor(() => expect(liveCalls.length).toBeGreaterThan(0));
    expect((liveCalls[0]?.headers as Record<string, string> | undefined)?.authorization).toMatch(/^Bearer /);
    const arrivalsRead = calls.filter((call) => call.path.includes("/arrivals")).length;
    push({ sessionId, checkedIn: 43, arrival: arrival({ name: "Grace Hopper" }) });
    await waitFor(() => expect(screen.getByTestId("checked-in-count").textContent).toBe("43 / 120"));
    const rows = within(screen.getByRole("table", { name: "Arrivals" })).getAllByRole("row");
    expect(rows[1]?.textContent).toContain("Grace Hopper");
    expect(rows[2]?.textContent).toContain("Ada Lovelace");
    expect(calls.filter((call) => call.path.includes("/arrivals")).length).toBe(arrivalsRead);
  });

  it("checks a guest in by name and says why a second check-in is refused", async () => {
    const { calls } = open({
      outcome: "refused",
      refusal: "already_checked_in",
      checkin: null,
      previous: { checkinId: ada.checkinId, at: "2026-05-04T08:20:00.000Z", sessionName: "Hall B" },
      guest: { id: grace.id, name: "Grace Hopper", fields: [] },
    });
    fireEvent.change(await screen.findByLabelText("Search a guest", {}, { timeout: 8000 }), {
      target: { value: "hop" },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Check in Grace Hopper" }, { timeout: 4000 }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/Already checked in at .+ at Hall B\./);
    const check = calls.find((call) => call.path === `${sessionPath}/check`);
    expect(check?.body).toMatchObject({ guestId: grace.id });
    expect((check?.body as { scanId?: string } | undefined)?.scanId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeServer, renderPage } from "../../ui/test-render";
import { AsMember, accountId, event, eventApiPath } from "../events/events.test-fixtures";
import { EventHistoryPage } from "./EventHistoryPage";

const logsPath = `/accounts/${accountId}/auditlogs`;

afterEach(cleanup);

describe("event history page", () => {
  it("shows the account's audit log narrowed to the event", async () => {
    const calls = fakeServer((request) => {
      if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
      if (request.path.startsWith(logsPath)) {
        const entry = {
          id: "a1",
          accountId,
          eventId: event.id,
          actorUserId: "u1",
          actorApiKeyId: null,
          actorLabel: "Olivia Martin",
          action: "events.event.updated",
          targetType: "event",
          targetId: event.id,
          before: { name: "Old" },
          after: { name: event.name },
          ip: null,
          createdAt: "2026-03-01T09:30:00.000Z",
        };
        return { status: 200, body: { items: [entry], total: 1 } };
      }
      return { status: 404 };
    });
    renderPage(
      [
        {
          path: "events/:eventId/history",
          element: (
            <AsMember accountRole="overseer">
              <EventHistoryPage />
            </AsMember>
          ),
        },
      ],
      { url: `/en/admin/events/${event.id}/history` },
    );
    expect(await screen.findByRole("heading", { level: 1, name: "History" }, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByText("Olivia Martin")).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((call) => call.path.startsWith(`${logsPath}?eventId=${event.id}&`))).toBe(true),
    );
  });
});

import type { Arrival, CheckinSession } from "../../../contract/checkin";
import { event } from "../events/events.test-fixtures";

export const sessionId = "77777777-7777-4777-8777-777777777777";

export function checkinSession(overrides: Partial<CheckinSession> = {}): CheckinSession {
  return {
    id: sessionId,
    eventId: event.id,
    name: "Main door",
    mode: "live",
    conditions: { statuses: ["confirmed"], ticketIds: [], categoryIds: [], customFields: [] },
    displayedFields: ["firstName", "lastName", "company"],
    expected: 120,
    checkedIn: 42,
    flagged: 0,
    lastConnectionAt: "2026-05-04T08:15:00.000Z",
    createdAt: "2026-05-01T08:00:00.000Z",
    updatedAt: "2026-05-01T08:00:00.000Z",
    ...overrides,
  };
}

export function arrival(overrides: Partial<Arrival> = {}): Arrival {
  return {
    checkinId: crypto.randomUUID(),
    guestId: crypto.randomUUID(),
    name: "Ada Lovelace",
    at: "2026-05-04T08:20:00.000Z",
    sessionId,
    sessionName: "Main door",
    source: "live",
    flagged: false,
    ...overrides,
  };
}

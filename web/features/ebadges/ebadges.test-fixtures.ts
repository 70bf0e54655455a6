import type { Ebadge } from "../../../contract/ebadges";
import { event } from "../events/events.test-fixtures";

export const badgeId = "77777777-7777-4777-8777-777777777777";

/** A design of the test event: an A4 page saying "Welcome", printed for every guest until conditions say otherwise. */
export function ebadge(overrides: Partial<Ebadge> = {}): Ebadge {
  return {
    id: badgeId,
    eventId: event.id,
    name: "Visitor",
    format: "A4",
    orientation: "portrait",
    rotation: 0,
    backgroundImageId: null,
    backgroundUrl: null,
    blocks: [
      {
        id: "welcome",
        kind: "text",
        x: 10,
        y: 10,
        width: 50,
        height: 10,
        rotation: 0,
        text: { en: "Welcome", fr: "Bienvenue" },
        fontId: null,
        fontSize: 14,
        color: "#000000",
        align: "left",
      },
    ],
    conditions: null,
    createdAt: "2026-03-01T09:00:00.000Z",
    updatedAt: "2026-03-01T09:00:00.000Z",
    ...overrides,
  };
}

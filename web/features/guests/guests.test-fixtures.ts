import type { CustomField, Guest } from "../../../contract/guests";
import { event } from "../events/events.test-fixtures";

export function guest(overrides: Partial<Guest> = {}): Guest {
  return {
    id: "33333333-3333-4333-8333-333333333333",
    eventId: event.id,
    firstName: "Grace",
    lastName: "Hopper",
    civility: "mrs",
    email: "grace@example.com",
    company: "Navy",
    jobTitle: "Admiral",
    phone: "",
    status: "confirmed",
    mailStatus: "opened",
    companionsExpected: 1,
    namelessCompanions: 0,
    prescriber: "",
    registered: true,
    registeredAt: "2026-03-01T09:00:00.000Z",
    customFields: {},
    hostId: null,
    godfatherId: null,
    godsonIds: [],
    companionIds: [],
    createdSource: "admin",
    createdAt: "2026-02-01T09:00:00.000Z",
    updatedAt: "2026-02-01T09:00:00.000Z",
    ...overrides,
  };
}

export function customField(overrides: Partial<CustomField> = {}): CustomField {
  return {
    id: "44444444-4444-4444-8444-444444444444",
    eventId: event.id,
    name: "Diet",
    type: "dropdown",
    required: false,
    choices: [
      { id: "veg", label: "Vegetarian" },
      { id: "all", label: "Everything" },
    ],
    min: null,
    max: null,
    position: 0,
    ...overrides,
  };
}

import type { ReactNode } from "react";
import type { AccountRole, Me } from "../../../contract/auth";
import type { Event, EventSummary } from "../../../contract/events";
import { AdminContext, buildAdminContext } from "../../ui/admin-context";

// jsdom has no ResizeObserver, which SegmentedControl's moving indicator uses.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Nor scrollIntoView, which Mantine's combobox calls on the active option.
Element.prototype.scrollIntoView ??= () => {};

// Nor document.fonts, which Textarea's autosize listens to.
if (!document.fonts) {
  Object.defineProperty(document, "fonts", { value: { addEventListener() {}, removeEventListener() {} } });
}

export const accountId = "11111111-1111-4111-8111-111111111111";

/** What AdminLayout provides to back-office pages, for a member of one account with the given role. */
export function AsMember({ accountRole, children }: { accountRole: AccountRole; children: ReactNode }) {
  const me: Me = {
    user: {
      id: "u1",
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      language: "en",
      isPlatformAdmin: false,
      lastLoginAt: null,
    },
    memberships: [{ accountId, accountName: "Acme", role: accountRole }],
  };
  return <AdminContext.Provider value={buildAdminContext(me, accountId)}>{children}</AdminContext.Provider>;
}

export function summary(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    id: "22222222-2222-4222-8222-222222222222",
    accountId,
    name: "Summer gala",
    slug: "summer-gala",
    startsAt: "2026-06-05T17:00:00.000Z",
    endsAt: "2026-06-05T21:00:00.000Z",
    allDay: false,
    timezone: "Europe/Paris",
    venueName: "Le Grand Palais",
    archived: false,
    status: "upcoming",
    createdAt: "2026-01-01T10:00:00.000Z",
    ...overrides,
  };
}

export function fullEvent(overrides: Partial<Event> = {}): Event {
  return {
    ...summary(),
    address: "3 avenue du Général Eisenhower, Paris",
    country: "France",
    latitude: null,
    longitude: null,
    registrationClosesAt: null,
    maxAttendees: null,
    maxCompanions: 1,
    languages: ["fr", "en"],
    preferredLanguage: "fr",
    socialUrls: {},
    description: { fr: "Une belle soirée", en: "A fine evening" },
    localizedDescription: "A fine evening",
    retentionDays: null,
    customDomains: [],
    whiteLabel: { event: false, mails: false, campaigns: false },
    modules: { multilang: true, ebadge: true, misc: true, singleImagePartners: false },
    maxOfflineCheckins: 3,
    ratingMax: 5,
    attendeesListPublic: false,
    bannerImageId: null,
    faviconImageId: null,
    partnersImageId: null,
    logoImageId: null,
    params: {},
    updatedAt: "2026-01-01T10:00:00.000Z",
    ...overrides,
  };
}

/** The event the pages' tests open, and its addresses: the back office's scope and the event's own API. */
export const event = fullEvent();
export const scopePath = `/events/${accountId}/${event.id}`;
export const eventApiPath = `/accounts/${accountId}/events/${event.id}`;

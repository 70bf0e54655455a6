import type { ReactElement } from "react";
import type { AccountRole } from "../../../../contract/auth";
import {
  type BillingOrganizer,
  defaultTicketingParams,
  type TicketingParams,
} from "../../../../contract/ticketing-billing";
import { type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../../events/events.test-fixtures";

export { event, scopePath };

export function organizer(overrides: Partial<BillingOrganizer> = {}): BillingOrganizer {
  return {
    siret: "",
    corporateName: "",
    legalStructure: "",
    shareCapitalCents: null,
    rcsNumber: "",
    street: "",
    zipCode: "",
    city: "",
    vatStatus: null,
    vatNumber: null,
    legalMentions: "",
    updatedAt: null,
    ...overrides,
  };
}

export function params(overrides: Partial<TicketingParams> = {}): TicketingParams {
  return {
    ...defaultTicketingParams,
    terms: null,
    readiness: { billingInfo: true, activeTickets: 1, onlineRegistrationForm: true },
    state: "closed",
    liveModeAvailable: false,
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

/**
 * Opens one ticketing settings page at `events/:eventId/ticketing/<path>` for a member with `role`. GETs of the
 * event and of `data` (the page's own resource) are answered; every other call goes to `answer`.
 */
export function openSettingsPage(options: {
  path: string;
  page: ReactElement;
  data: unknown;
  answer: (request: FakeRequest) => FakeAnswer;
  role?: AccountRole;
  language?: "en" | "fr" | "es";
}) {
  const { path, page, data, answer, role = "organizer", language = "en" } = options;
  const calls = fakeServer((request) => {
    if (request.method !== "GET") return answer(request);
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    return { status: 200, body: data };
  });
  renderPage([{ path: `events/:eventId/ticketing/${path}`, element: <AsMember accountRole={role}>{page}</AsMember> }], {
    url: `/${language}/admin/events/${event.id}/ticketing/${path}`,
    language,
  });
  return calls;
}

/** `openSettingsPage` for one page, called as its tests do: the page's data, the other answers, the member's role. */
export const settingsPageOpener =
  (path: string, page: ReactElement) =>
  (data: unknown, answer: (request: FakeRequest) => FakeAnswer, role: AccountRole = "organizer") =>
    openSettingsPage({ path, page, data, answer, role });

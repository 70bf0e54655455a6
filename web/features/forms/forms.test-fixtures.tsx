import type { RouteObject } from "react-router";
import type { Form, FormStatistics } from "../../../contract/forms";
import { type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../events/events.test-fixtures";
import { customField } from "../guests/guests.test-fixtures";

export { event, scopePath };
export const formsPath = `${scopePath}/forms`;

export function savedForm(overrides: Partial<Form> = {}): Form {
  return {
    id: "55555555-5555-4555-8555-555555555555",
    eventId: event.id,
    type: "registration",
    title: { en: "Gala registration", fr: "Inscription au gala" },
    description: {},
    status: "draft",
    items: [],
    options: {
      online: false,
      opensAt: null,
      closesAt: null,
      requiresApproval: false,
      companionsEnabled: false,
      confirmationMessage: {},
    },
    terms: null,
    submissionCount: 0,
    publishedAt: null,
    createdAt: "2026-03-01T09:00:00.000Z",
    updatedAt: "2026-03-01T09:00:00.000Z",
    ...overrides,
  };
}

/**
 * Opens a forms page on a fake server: GETs of the event, its custom fields, its forms and (when given) a form's
 * statistics answer the fixtures, every other call goes to `answer`. Returns the recorded calls.
 */
export function openFormsPage(
  routes: RouteObject[],
  url: string,
  {
    forms = [savedForm()],
    statistics,
    answer,
  }: { forms?: Form[]; statistics?: FormStatistics; answer?: (request: FakeRequest) => FakeAnswer } = {},
) {
  const calls = fakeServer((request) => {
    if (request.method !== "GET") return answer?.(request) ?? { status: 500 };
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (statistics && /^[^?]*\/statistics(\?|$)/.test(request.path)) return { status: 200, body: statistics };
    if (request.path.startsWith(`${scopePath}/customfields`))
      return { status: 200, body: { items: [customField()], total: 1 } };
    const one = forms.find((form) => request.path.startsWith(`${formsPath}/${form.id}`));
    if (one) return { status: 200, body: one };
    if (request.path.startsWith(formsPath)) return { status: 200, body: { items: forms, total: forms.length } };
    return answer?.(request) ?? { status: 404 };
  });
  const { router } = renderPage(
    routes.map((route) => ({ ...route, element: <AsMember accountRole="organizer">{route.element}</AsMember> })),
    { url },
  );
  return { calls, router };
}

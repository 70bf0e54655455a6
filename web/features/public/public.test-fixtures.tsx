import type { RouteObject } from "react-router";
import type { PublicEvent } from "../../../contract/public";
import type { PublicContent } from "../../../contract/public-content";
import { PublicLayout } from "../../ui/public-layout/PublicLayout";
import { type FakeAnswer, type FakeRequest, fakeServer } from "../../ui/test-render";
import { AttendeesPage } from "./AttendeesPage";
import { MemberAreaPage } from "./MemberAreaPage";
import { PublicEventPage } from "./PublicEventPage";

/** The public pages as the router nests them, for renderPage with `scopePath: "/:lang/:event"`. */
export const publicPages: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <PublicEventPage /> },
      { path: "member", element: <MemberAreaPage /> },
      { path: "attendees", element: <AttendeesPage /> },
    ],
  },
];

export function publicEvent(overrides: Partial<PublicEvent> = {}): PublicEvent {
  return {
    slug: "summer-gala",
    name: "Summer gala",
    startsAt: "2030-06-05T17:00:00.000Z",
    endsAt: "2030-06-05T21:00:00.000Z",
    allDay: false,
    timezone: "Europe/Madrid",
    venueName: "Palacio de Cristal",
    address: "Parque del Retiro, Madrid",
    country: "España",
    latitude: 40.4139,
    longitude: -3.6819,
    description: "Una velada <b>inolvidable</b>.\nCena y música.",
    languages: ["es", "fr"],
    preferredLanguage: "es",
    socialUrls: { instagram: "https://instagram.example/gala" },
    maxCompanions: 2,
    modules: { registration: false, survey: false, contact: true, attendees: true, memberArea: true },
    whiteLabel: false,
    multilang: true,
    fonts: [],
    images: { banner: null, logo: null, favicon: null },
    ...overrides,
  };
}

export const noContent: PublicContent = {
  speakers: [],
  partners: [],
  partnersImage: null,
  program: [],
  documents: [],
  photos: [],
  pages: [],
};

/** fakeServer for the event page: its content request answered with `content`, every other one by `answer`. */
export function eventPageServer(answer: (request: FakeRequest) => FakeAnswer, content: PublicContent = noContent) {
  return fakeServer((request) =>
    /^\/public\/events\/[^/]+\/content\?/.test(request.path) ? { status: 200, body: content } : answer(request),
  );
}

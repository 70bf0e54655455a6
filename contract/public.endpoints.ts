import { okSchema } from "./auth.js";
import { endpointGroup } from "./endpoint.js";
import {
  attendeeList,
  attendeesQuery,
  invitationParams,
  invitationSchema,
  memberLinkAccepted,
  memberLinkBody,
  memberRegistrationSchema,
  memberSessionBody,
  memberSessionSchema,
  publicEventParams,
  publicEventQuery,
  publicEventSchema,
} from "./public.js";
import { publicContentSchema } from "./public-content.js";

const event = "/public/events/:slug";

/**
 * The public side of an event, without organizer sign-in: the event page's data, and the member area where a guest
 * signs in with an emailed link and then sends the member session as a bearer token.
 */
export const publicEndpoints = endpointGroup("public", {
  event: {
    method: "GET",
    path: event,
    summary: "Read a published event's public page (`lang` wins over Accept-Language)",
    access: "anyone",
    params: publicEventParams,
    query: publicEventQuery,
    answer: publicEventSchema,
  },
  calendar: {
    method: "GET",
    path: `${event}/calendar.ics`,
    summary: "Download a published event as an iCalendar file to add to a calendar (`lang` as for the event page)",
    access: "anyone",
    params: publicEventParams,
    query: publicEventQuery,
    file: ["text/calendar"],
  },
  content: {
    method: "GET",
    path: `${event}/content`,
    summary:
      "Read a published event's content for its page in one answer: speakers, partners and the rest (`lang` as for the event page)",
    access: "anyone",
    params: publicEventParams,
    query: publicEventQuery,
    answer: publicContentSchema,
  },
  invitation: {
    method: "GET",
    path: `${event}/invitations/:token`,
    summary: "Read whom a personal registration link invites (first name, last name, email), to pre-fill the form",
    access: "anyone",
    params: invitationParams,
    answer: invitationSchema,
  },
  requestMemberLink: {
    method: "POST",
    path: `${event}/member/link`,
    summary: "Mail a guest the link that signs them in to the member area",
    access: "anyone",
    params: publicEventParams,
    body: memberLinkBody,
    status: 202,
    answer: memberLinkAccepted,
    errors: [429],
  },
  openMemberSession: {
    method: "POST",
    path: `${event}/member/session`,
    summary: "Exchange a member link's token for a member session",
    access: "anyone",
    params: publicEventParams,
    body: memberSessionBody,
    answer: memberSessionSchema,
    errors: [429],
  },
  registration: {
    method: "GET",
    path: `${event}/member`,
    summary: "Read the signed-in guest's registration, companions and answers",
    access: "member",
    params: publicEventParams,
    answer: memberRegistrationSchema,
  },
  unregister: {
    method: "POST",
    path: `${event}/member/unregister`,
    summary: "Cancel the signed-in guest's registration",
    access: "member",
    params: publicEventParams,
    answer: memberRegistrationSchema,
    errors: [409, 429],
  },
  logout: {
    method: "POST",
    path: `${event}/member/logout`,
    summary: "End the guest's member session",
    access: "member",
    params: publicEventParams,
    answer: okSchema,
    errors: [429],
  },
  attendees: {
    method: "GET",
    path: `${event}/attendees`,
    summary: "List the event's confirmed guests, when the organizer shows the list to members",
    access: "member",
    params: publicEventParams,
    query: attendeesQuery,
    answer: attendeeList,
  },
});

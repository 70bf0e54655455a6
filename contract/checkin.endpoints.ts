import { okSchema } from "./auth.js";
import {
  checkinCodeBody,
  checkinCodeParams,
  checkinCodeQuery,
  checkinCodeSchema,
  checkinDeviceHeaders,
  checkinDeviceList,
  checkinDeviceSessionSchema,
  checkinJoinAnswer,
  checkinJoinBody,
  checkinSessionBody,
  checkinSessionList,
  checkinSessionParams,
  checkinSessionSchema,
  checkinSessionUpdateBody,
} from "./checkin.js";
import { endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";

const checkins = "/events/:account/:event/checkins";
const codes = "/events/:account/:event/checkincodes";
const device = "/public/checkin";

/** SPEC §7 checkins and checkincodes: an event's check-in sessions and their access codes, as organizers set them up. */
export const checkinEndpoints = endpointGroup("checkin", {
  list: {
    method: "GET",
    path: checkins,
    summary: "List the event's check-in sessions with their counts",
    access: "organizer",
    params: eventScopeParams,
    answer: checkinSessionList,
  },
  create: {
    method: "POST",
    path: checkins,
    summary: "Create a check-in session (live or offline; offline ones up to the event's maximum)",
    access: "organizer",
    params: eventScopeParams,
    body: checkinSessionBody,
    status: 201,
    answer: checkinSessionSchema,
    errors: [409],
  },
  get: {
    method: "GET",
    path: `${checkins}/:id`,
    summary: "Read a check-in session",
    access: "organizer",
    params: checkinSessionParams,
    answer: checkinSessionSchema,
  },
  update: {
    method: "POST",
    path: `${checkins}/:id`,
    summary: "Change a check-in session's name, conditions or displayed fields",
    access: "organizer",
    params: checkinSessionParams,
    body: checkinSessionUpdateBody,
    answer: checkinSessionSchema,
  },
  remove: {
    method: "DELETE",
    path: `${checkins}/:id`,
    summary: "Delete a check-in session; its check-ins stay in the event's statistics",
    access: "organizer",
    params: checkinSessionParams,
    answer: okSchema,
  },
  lastCode: {
    method: "GET",
    path: `${codes}/last`,
    summary: "The session's current access code (null when it has none)",
    access: "organizer",
    params: eventScopeParams,
    query: checkinCodeQuery,
    answer: checkinCodeSchema.nullable(),
  },
  createCode: {
    method: "POST",
    path: codes,
    summary: "Make a new access code for a session (the earlier ones keep working until deleted)",
    access: "organizer",
    params: eventScopeParams,
    body: checkinCodeBody,
    status: 201,
    answer: checkinCodeSchema,
  },
  removeCode: {
    method: "DELETE",
    path: `${codes}/:id`,
    summary: "Revoke an access code; the devices that joined with it are signed out",
    access: "organizer",
    params: checkinCodeParams,
    answer: okSchema,
  },
  devices: {
    method: "GET",
    path: `${codes}/sessions`,
    summary: "The devices connected to a session and when each was last seen",
    access: "organizer",
    params: eventScopeParams,
    query: checkinCodeQuery,
    answer: checkinDeviceList,
  },
});

/** The staff app joins a session with its access code, without an account; its scans are in checkin-scans.endpoints.ts. */
export const checkinDeviceEndpoints = endpointGroup("checkin-device", {
  join: {
    method: "POST",
    path: `${device}/join`,
    summary: "Join a check-in session with its access code; answers the device's token",
    access: "anyone",
    body: checkinJoinBody,
    answer: checkinJoinAnswer,
    errors: [404, 429],
  },
  session: {
    method: "GET",
    path: `${device}/session`,
    summary: "The session this device joined (401 once its code is revoked)",
    access: "anyone",
    headers: checkinDeviceHeaders,
    answer: checkinDeviceSessionSchema,
    errors: [401],
  },
});

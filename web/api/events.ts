import type { z } from "zod";
import type {
  Event,
  EventAccess,
  EventCreateBody,
  EventFilter,
  EventSort,
  EventUpdateBody,
  eventDuplicateBody,
  eventList,
} from "../../contract/events";
import { api } from "./client";

type Ok = { ok: true };
const events = (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/events`;

export type EventListQuery = {
  filter?: EventFilter;
  sort?: EventSort;
  query?: string;
  limit?: number;
  offset?: number;
};

/** One function per endpoint of the events feature (SPEC §7 events). */
export const eventsApi = {
  list: (accountId: string, query: EventListQuery) => api.get<z.infer<typeof eventList>>(events(accountId), query),
  get: (accountId: string, eventId: string, expand: string[] = []) =>
    api.get<Event>(`${events(accountId)}/${eventId}`, { expand: expand.join(",") || undefined }),
  create: (accountId: string, body: EventCreateBody) => api.post<Event>(events(accountId), body),
  update: (accountId: string, eventId: string, body: EventUpdateBody) =>
    api.post<Event>(`${events(accountId)}/${eventId}`, body),
  remove: (accountId: string, eventId: string) => api.delete<Ok>(`${events(accountId)}/${eventId}`),
  duplicate: (accountId: string, eventId: string, body: z.input<typeof eventDuplicateBody>) =>
    api.post<Event>(`${events(accountId)}/${eventId}/duplicate`, body),
  access: (accountId: string, eventId: string) => api.get<EventAccess>(`${events(accountId)}/${eventId}/access`),
  grantAdministrator: (accountId: string, eventId: string, adminId: string) =>
    api.put<EventAccess>(`${events(accountId)}/${eventId}/administrators/${adminId}`),
  revokeAdministrator: (accountId: string, eventId: string, adminId: string) =>
    api.delete<EventAccess>(`${events(accountId)}/${eventId}/administrators/${adminId}`),
  grantTeam: (accountId: string, eventId: string, teamId: string) =>
    api.put<EventAccess>(`${events(accountId)}/${eventId}/teams/${teamId}`),
  revokeTeam: (accountId: string, eventId: string, teamId: string) =>
    api.delete<EventAccess>(`${events(accountId)}/${eventId}/teams/${teamId}`),
};

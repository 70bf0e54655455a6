import type { z } from "zod";
import type {
  CustomField,
  CustomFieldBody,
  customFieldList,
  Guest,
  GuestCreateBody,
  GuestUpdateBody,
  guestList,
} from "../../contract/guests";
import { api } from "./client";

type Ok = { ok: true };
export const scope = (accountId: string, eventId: string) =>
  `/events/${encodeURIComponent(accountId)}/${encodeURIComponent(eventId)}`;

/** Query string of the guest list: arrays are joined by comma, as the contract reads them. */
export type GuestListParams = {
  limit?: number;
  offset?: number;
  /** The `nextCursor` of the page before: the page after it, at the same cost at any depth. */
  cursor?: string;
  query?: string;
  status?: string[];
  mailStatus?: string[];
  createdSource?: string[];
  registered?: "true" | "false";
  hasCompanions?: "true" | "false";
  hasSponsorship?: "true" | "false";
  customField?: string;
  sort?: string;
  direction?: "asc" | "desc";
};

/** The list's parameters as its query string reads them (also the filter of an export or a grouped action). */
export const listQuery = (params: GuestListParams) => ({
  ...params,
  status: params.status?.join(","),
  mailStatus: params.mailStatus?.join(","),
  createdSource: params.createdSource?.join(","),
});

/** One function per endpoint of the guests feature (SPEC §7 users and customfields). */
export const guestsApi = {
  list: (accountId: string, eventId: string, params: GuestListParams) =>
    api.get<z.infer<typeof guestList>>(`${scope(accountId, eventId)}/users`, listQuery(params)),
  get: (accountId: string, eventId: string, guestId: string) =>
    api.get<Guest>(`${scope(accountId, eventId)}/users/${guestId}`),
  create: (accountId: string, eventId: string, body: Partial<GuestCreateBody>) =>
    api.post<Guest>(`${scope(accountId, eventId)}/users`, body),
  update: (accountId: string, eventId: string, guestId: string, body: GuestUpdateBody) =>
    api.post<Guest>(`${scope(accountId, eventId)}/users/${guestId}`, body),
  remove: (accountId: string, eventId: string, guestId: string) =>
    api.delete<Ok>(`${scope(accountId, eventId)}/users/${guestId}`),
  setCustomFields: (accountId: string, eventId: string, userId: string, values: Guest["customFields"]) =>
    api.post<Guest>(`${scope(accountId, eventId)}/users/customfields`, { userId, values }),

  listCustomFields: (accountId: string, eventId: string) =>
    api.get<z.infer<typeof customFieldList>>(`${scope(accountId, eventId)}/customfields`),
  createCustomField: (accountId: string, eventId: string, body: Partial<CustomFieldBody>) =>
    api.post<CustomField>(`${scope(accountId, eventId)}/customfields`, body),
  updateCustomField: (accountId: string, eventId: string, fieldId: string, body: Partial<CustomFieldBody>) =>
    api.post<CustomField>(`${scope(accountId, eventId)}/customfields/${fieldId}`, body),
  deleteCustomField: (accountId: string, eventId: string, fieldId: string) =>
    api.delete<Ok>(`${scope(accountId, eventId)}/customfields/${fieldId}`),
  reorderCustomFields: (accountId: string, eventId: string, ids: string[]) =>
    api.post<z.infer<typeof customFieldList>>(`${scope(accountId, eventId)}/customfields/reorder`, { ids }),
};

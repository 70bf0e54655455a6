import type {
  BillingOrganizer,
  BillingOrganizerInput,
  TicketingParams,
  TicketingParamsBody,
} from "../../contract/ticketing-billing";
import { api } from "./client";
import { scope } from "./guests";

/** One function per organizer route of ticketing billing (SPEC §7 organizers, ticketingparams). */
export const ticketingBillingApi = {
  organizer: (accountId: string, eventId: string) =>
    api.get<BillingOrganizer>(`${scope(accountId, eventId)}/organizers`),
  saveOrganizer: (accountId: string, eventId: string, body: BillingOrganizerInput) =>
    api.post<BillingOrganizer>(`${scope(accountId, eventId)}/organizers`, body),
  params: (accountId: string, eventId: string) =>
    api.get<TicketingParams>(`${scope(accountId, eventId)}/ticketingparams`),
  /** Only the params sent change; opening the office answers 409 with one field per missing requirement. */
  saveParams: (accountId: string, eventId: string, body: TicketingParamsBody) =>
    api.post<TicketingParams>(`${scope(accountId, eventId)}/ticketingparams`, body),
  uploadTerms: (accountId: string, eventId: string, file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api.upload<NonNullable<TicketingParams["terms"]>>(
      `${scope(accountId, eventId)}/ticketingparams/terms`,
      body,
    );
  },
  /** A blob: the download needs the Bearer header, which a plain link cannot send. */
  terms: (accountId: string, eventId: string) => api.download(`${scope(accountId, eventId)}/ticketingparams/terms`),
};

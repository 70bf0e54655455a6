import type { z } from "zod";
import type { guestOrderList, guestTicketList } from "../../contract/ticketing";
import { api } from "./client";
import { scope } from "./guests";

type Page = { limit?: number; offset?: number };

/** One function per endpoint of the ticketing feature (SPEC §7). */
export const ticketingApi = {
  guestTickets: (accountId: string, eventId: string, guestId: string, page: Page = {}) =>
    api.get<z.infer<typeof guestTicketList>>(`${scope(accountId, eventId)}/users/${guestId}/tickets`, page),
  guestOrders: (accountId: string, eventId: string, guestId: string, page: Page = {}) =>
    api.get<z.infer<typeof guestOrderList>>(`${scope(accountId, eventId)}/users/${guestId}/orders`, page),
};

import { listQuery } from "./common.js";
import { endpointGroup } from "./endpoint.js";
import { guestParams } from "./guests.js";
import { guestOrderList, guestTicketList } from "./ticketing.js";

const guest = "/events/:account/:event/users/:id";

/** SPEC §7 users/{id}/tickets and users/{id}/orders: what a guest holds and bought. */
export const guestTicketsEndpoints = endpointGroup("ticketing", {
  guestTickets: {
    method: "GET",
    path: `${guest}/tickets`,
    summary: "List the tickets a guest holds, one page",
    access: "organizer",
    params: guestParams,
    query: listQuery,
    answer: guestTicketList,
  },
  guestOrders: {
    method: "GET",
    path: `${guest}/orders`,
    summary: "List the orders a guest placed, one page",
    access: "organizer",
    params: guestParams,
    query: listQuery,
    answer: guestOrderList,
  },
});

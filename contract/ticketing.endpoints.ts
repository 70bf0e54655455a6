import { listQuery } from "./common.js";
import { endpointGroup } from "./endpoint.js";
import { guestParams } from "./guests.js";
import { memberOrdersSchema } from "./member-orders.js";
import { publicEventParams } from "./public.js";
import { guestOrderList, guestTicketList } from "./ticketing.js";

const guest = "/events/:account/:event/users/:id";

/**
 * SPEC §7 users/{id}/tickets and users/{id}/orders: what a guest holds and bought; the guest reads their own in the
 * member area (issue 21).
 */
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
  memberOrders: {
    method: "GET",
    path: "/public/events/:slug/member/orders",
    summary: "List the signed-in guest's orders and the tickets others bought for them",
    access: "member",
    params: publicEventParams,
    answer: memberOrdersSchema,
  },
});

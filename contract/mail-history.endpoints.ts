import { endpointGroup } from "./endpoint.js";
import { accountMailsParams, guestMailsParams, mailHistoryList, mailHistoryQuery } from "./mail-history.js";

/** SPEC §2 "mail history": every mail the platform sent for an account, transactional and campaign, with its status. */
export const mailHistoryEndpoints = endpointGroup("mailHistory", {
  account: {
    method: "GET",
    path: "/accounts/:account/mails",
    summary: "List the mails sent for an account, filtered by status and searched by address",
    access: "organizer",
    params: accountMailsParams,
    query: mailHistoryQuery,
    answer: mailHistoryList,
  },
  guest: {
    method: "GET",
    path: "/events/:account/:event/users/:id/mails",
    summary: "List the mails sent to a guest",
    access: "organizer",
    params: guestMailsParams,
    query: mailHistoryQuery,
    answer: mailHistoryList,
  },
});

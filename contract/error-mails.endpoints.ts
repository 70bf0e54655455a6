import { accountParams } from "./accounts.js";
import { okSchema } from "./auth.js";
import { endpointGroup } from "./endpoint.js";
import {
  errorMailBody,
  errorMailList,
  errorMailListQuery,
  errorMailParams,
  errorMailSchema,
  errorMailUpdateBody,
} from "./error-mails.js";

const errorMails = "/accounts/:account/errormails";

/**
 * SPEC §7 errormails: the account's rejected addresses. Read by any member, managed by its Overseers; DELETE unlocks
 * the address (its guests become selectable again).
 */
export const errorMailsEndpoints = endpointGroup("errorMails", {
  list: {
    method: "GET",
    path: errorMails,
    summary: "List an account's rejected addresses, searched by address",
    access: "organizer",
    params: accountParams,
    query: errorMailListQuery,
    answer: errorMailList,
  },
  create: {
    method: "POST",
    path: errorMails,
    summary: "Reject an address: no mail of the account goes to it",
    access: "organizer",
    params: accountParams,
    body: errorMailBody,
    status: 201,
    answer: errorMailSchema,
  },
  get: {
    method: "GET",
    path: `${errorMails}/:id`,
    summary: "Read a rejected address",
    access: "organizer",
    params: errorMailParams,
    answer: errorMailSchema,
  },
  update: {
    method: "POST",
    path: `${errorMails}/:id`,
    summary: "Change the reason or note of a rejected address",
    access: "organizer",
    params: errorMailParams,
    body: errorMailUpdateBody,
    answer: errorMailSchema,
  },
  unlock: {
    method: "DELETE",
    path: `${errorMails}/:id`,
    summary: "Unlock a rejected address: its guests may be mailed again",
    access: "organizer",
    params: errorMailParams,
    answer: okSchema,
  },
});

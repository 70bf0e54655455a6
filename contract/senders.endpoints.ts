import { accountParams } from "./accounts.js";
import { okSchema } from "./auth.js";
import { endpointGroup } from "./endpoint.js";
import {
  senderBody,
  senderList,
  senderParams,
  senderSchema,
  senderVerificationParams,
  senderVerificationSchema,
} from "./senders.js";

const senders = "/accounts/:account/senders";

/** SPEC §2 "senders": an account's from-addresses for campaigns. Read by any member, managed by its Overseers. */
export const sendersEndpoints = endpointGroup("senders", {
  list: {
    method: "GET",
    path: senders,
    summary: "List an account's sender addresses and whether each is verified",
    access: "organizer",
    params: accountParams,
    answer: senderList,
  },
  create: {
    method: "POST",
    path: senders,
    summary: "Add a sender address; a verification link is mailed to it",
    access: "organizer",
    params: accountParams,
    body: senderBody,
    status: 201,
    answer: senderSchema,
    errors: [409],
  },
  remove: {
    method: "DELETE",
    path: `${senders}/:id`,
    summary: "Delete a sender address",
    access: "organizer",
    params: senderParams,
    answer: okSchema,
  },
  resend: {
    method: "POST",
    path: `${senders}/:id/verification`,
    summary: "Mail a new verification link to a sender address not verified yet",
    access: "organizer",
    params: senderParams,
    answer: senderSchema,
    errors: [409],
  },
  verification: {
    method: "GET",
    path: "/public/senders/verification/:token",
    summary: "Read the sender address a verification link is for",
    access: "anyone",
    params: senderVerificationParams,
    answer: senderVerificationSchema,
  },
  verify: {
    method: "POST",
    path: "/public/senders/verification/:token",
    summary: "Verify a sender address with the link mailed to it (works once)",
    access: "anyone",
    params: senderVerificationParams,
    answer: senderVerificationSchema,
  },
});

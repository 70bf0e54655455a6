import { accountParams } from "./accounts.js";
import {
  creditAddBody,
  creditBalanceSchema,
  creditDebitBody,
  creditLedgerQuery,
  creditLotList,
  creditLotSchema,
  creditMovementList,
} from "./credits.js";
import { endpointGroup } from "./endpoint.js";

/**
 * SPEC §7 eventcredits and campaigncredits under /api/v1/accounts/:account: the two ledgers of an account's credits.
 * Any member reads them; only a platform administrator adds or debits ("account.credits.manage").
 */
export const creditsEndpoints = endpointGroup("credits", {
  eventList: {
    method: "GET",
    path: "/accounts/:account/eventcredits",
    summary: "List the movements of an account's event credits, newest first (the ledger)",
    access: "organizer",
    params: accountParams,
    query: creditLedgerQuery,
    answer: creditMovementList,
  },
  eventRemaining: {
    method: "GET",
    path: "/accounts/:account/eventcredits/remaining",
    summary: "An account's spendable event credits (unexpired lots), and how many expire soon",
    access: "organizer",
    params: accountParams,
    answer: creditBalanceSchema,
  },
  eventNonSpentOrExpired: {
    method: "GET",
    path: "/accounts/:account/eventcredits/nonspentorexpired",
    summary:
      "An account's lots of event credits that still hold credits (remaining > 0) or whose expiry day has passed, soonest-expiring first; each says whether it expired",
    access: "organizer",
    params: accountParams,
    answer: creditLotList,
  },
  eventAdd: {
    method: "POST",
    path: "/accounts/:account/eventcredits/add",
    summary: "Add a lot of event credits to an account (platform administrators)",
    access: "organizer",
    params: accountParams,
    body: creditAddBody,
    status: 201,
    answer: creditLotSchema,
  },
  eventDebit: {
    method: "POST",
    path: "/accounts/:account/eventcredits/debit",
    summary: "Take event credits out of an account, soonest-expiring first (platform administrators)",
    access: "organizer",
    params: accountParams,
    body: creditDebitBody,
    answer: creditBalanceSchema,
    errors: [409],
  },
  campaignList: {
    method: "GET",
    path: "/accounts/:account/campaigncredits",
    summary: "List the movements of an account's campaign credits, newest first (the ledger)",
    access: "organizer",
    params: accountParams,
    query: creditLedgerQuery,
    answer: creditMovementList,
  },
  campaignRemaining: {
    method: "GET",
    path: "/accounts/:account/campaigncredits/remaining",
    summary: "An account's spendable campaign credits (unexpired lots), and how many expire soon",
    access: "organizer",
    params: accountParams,
    answer: creditBalanceSchema,
  },
  campaignAdd: {
    method: "POST",
    path: "/accounts/:account/campaigncredits/add",
    summary: "Add a lot of campaign credits to an account (platform administrators)",
    access: "organizer",
    params: accountParams,
    body: creditAddBody,
    status: 201,
    answer: creditLotSchema,
  },
  campaignDebit: {
    method: "POST",
    path: "/accounts/:account/campaigncredits/debit",
    summary: "Take campaign credits out of an account, soonest-expiring first (platform administrators)",
    access: "organizer",
    params: accountParams,
    body: creditDebitBody,
    answer: creditBalanceSchema,
    errors: [409],
  },
});

import type { FastifyInstance } from "fastify";
import { creditsEndpoints } from "../../../../contract/credits.endpoints.js";
import type { CreditKind } from "../../../../contract/credits.js";
import { requirePrincipal } from "../../../platform/auth-guard.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { requireAccountAccess } from "../permissions.js";
import {
  addCredits,
  creditBalance,
  debitCredits,
  listCreditMovements,
  nonSpentOrExpiredLots,
} from "./credits.service.js";

/** SPEC §7 eventcredits and campaigncredits: read by any member, added or debited by platform administrators. */
export function registerCreditsRoutes(app: FastifyInstance, context: AppContext) {
  type Request = { params: { account: string } } & Parameters<typeof requirePrincipal>[0];
  const reader = async (request: Request) => {
    const { accountId } = await requireAccountAccess(
      context.db,
      requirePrincipal(request),
      request.params.account,
      "account.read",
    );
    return accountId;
  };
  const manager = async (request: Request & { ip: string }) => {
    const principal = requirePrincipal(request);
    const { accountId } = await requireAccountAccess(
      context.db,
      principal,
      request.params.account,
      "account.credits.manage",
    );
    return { accountId, caller: { principal, ip: request.ip } };
  };
  const ledger = (kind: CreditKind) => ({
    list: async (request: Request & { query: { limit: number; offset: number } }) =>
      listCreditMovements(context.db, await reader(request), kind, request.query),
    remaining: async (request: Request) => creditBalance(context.db, await reader(request), kind),
  });
  const event = ledger("event");
  const campaign = ledger("campaign");

  registerEndpoints(app, creditsEndpoints, {
    eventList: event.list,
    eventRemaining: event.remaining,
    eventNonSpentOrExpired: async (request) => nonSpentOrExpiredLots(context.db, await reader(request), "event"),
    eventAdd: async (request) => {
      const { accountId, caller } = await manager(request);
      return addCredits(context, caller, accountId, "event", request.body);
    },
    eventDebit: async (request) => {
      const { accountId, caller } = await manager(request);
      return debitCredits(context, caller, accountId, "event", request.body);
    },
    campaignList: campaign.list,
    campaignRemaining: campaign.remaining,
    campaignAdd: async (request) => {
      const { accountId, caller } = await manager(request);
      return addCredits(context, caller, accountId, "campaign", request.body);
    },
    campaignDebit: async (request) => {
      const { accountId, caller } = await manager(request);
      return debitCredits(context, caller, accountId, "campaign", request.body);
    },
  });
}

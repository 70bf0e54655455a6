import type { FastifyInstance } from "fastify";
import { accountsEndpoints } from "../../../contract/accounts.endpoints.js";
import { requirePlatformAdmin, requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { createAccount, getAccount, listAccounts, updateAccount } from "./accounts.service.js";
import { registerApiKeysRoutes } from "./api-keys.routes.js";
import { registerCreditsRoutes } from "./credits/credits.routes.js";
import { registerOrganizersRoutes } from "./organizers.routes.js";
import { assertCan, requireAccountAccess } from "./permissions.js";
import { registerTeamsRoutes } from "./teams.routes.js";

export function registerAccountsRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, accountsEndpoints, {
    list: async (request) => listAccounts(context.db, requirePrincipal(request), request.query),
    create: async (request) => {
      const principal = requirePlatformAdmin(request);
      return createAccount(context, { principal, ip: request.ip }, request.body.name);
    },
    get: async (request) => {
      await requireAccountAccess(context.db, requirePrincipal(request), request.params.id, "account.read");
      return getAccount(context, request.params.id);
    },
    update: async (request) => {
      const principal = requirePrincipal(request);
      const access = await requireAccountAccess(context.db, principal, request.params.id, "account.read");
      const { limits, ...ownSettings } = request.body;
      // Limits are what the customer pays for: only a platform admin moves them, whatever else the body holds.
      if (limits) assertCan(access, "account.limits.update");
      if (!limits || Object.keys(ownSettings).length > 0) assertCan(access, "account.update");
      return updateAccount(context, { principal, ip: request.ip }, access.accountId, request.body, request.language);
    },
  });

  registerOrganizersRoutes(app, context);
  registerTeamsRoutes(app, context);
  registerApiKeysRoutes(app, context);
  registerCreditsRoutes(app, context);
}

import type { FastifyInstance } from "fastify";
import { apiKeysEndpoints } from "../../../contract/accounts.endpoints.js";
import { requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.service.js";
import { requireAccountAccess } from "./permissions.js";

/** "apiKeys.manage" is outside an API key's rights: no key mints or revokes keys. */
export function registerApiKeysRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, apiKeysEndpoints, {
    list: async (request) => {
      const { accountId } = await requireAccountAccess(
        context.db,
        requirePrincipal(request),
        request.params.account,
        "apiKeys.manage",
      );
      return listApiKeys(context.db, accountId);
    },
    create: async (request) => {
      const principal = requirePrincipal(request);
      const { accountId } = await requireAccountAccess(context.db, principal, request.params.account, "apiKeys.manage");
      return createApiKey(context, { principal, ip: request.ip }, accountId, request.body.name);
    },
    revoke: async (request) => {
      const principal = requirePrincipal(request);
      const { account, id } = request.params;
      await requireAccountAccess(context.db, principal, account, "apiKeys.manage");
      return revokeApiKey(context, { principal, ip: request.ip }, account, id);
    },
  });
}

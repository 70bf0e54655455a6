import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  accountItemParams,
  accountParams,
  apiKeyCreateBody,
  apiKeyCreated,
  apiKeyList,
  apiKeySchema,
} from "../../../contract/accounts.js";
import { requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { requireAccountAccess } from "../../platform/permissions.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.service.js";

/** "apiKeys.manage" is outside an API key's rights: no key mints or revokes keys. */
export function registerApiKeysRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["apiKeys"];

  app.get(
    "/accounts/:account/apikeys",
    { schema: { tags, params: accountParams, response: { 200: apiKeyList } } },
    async (request) => {
      const { accountId } = await requireAccountAccess(
        context.db,
        requirePrincipal(request),
        request.params.account,
        "apiKeys.manage",
      );
      return listApiKeys(context.db, accountId);
    },
  );

  app.post(
    "/accounts/:account/apikeys",
    { schema: { tags, params: accountParams, body: apiKeyCreateBody, response: { 201: apiKeyCreated } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { accountId } = await requireAccountAccess(context.db, principal, request.params.account, "apiKeys.manage");
      const created = await createApiKey(context, { principal, ip: request.ip }, accountId, request.body.name);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    "/accounts/:account/apikeys/:id",
    { schema: { tags, params: accountItemParams, response: { 200: apiKeySchema } } },
    async (request) => {
      const principal = requirePrincipal(request);
      const { account, id } = request.params;
      await requireAccountAccess(context.db, principal, account, "apiKeys.manage");
      return revokeApiKey(context, { principal, ip: request.ip }, account, id);
    },
  );
}

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  accountCreateBody,
  accountList,
  accountListQuery,
  accountSchema,
  accountUpdateBody,
} from "../../../contract/accounts.js";
import { idParams } from "../../../contract/common.js";
import { requirePlatformAdmin, requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { assertCan, requireAccountAccess } from "../../platform/permissions.js";
import { createAccount, getAccount, listAccounts, updateAccount } from "./accounts.service.js";
import { registerApiKeysRoutes } from "./api-keys.routes.js";
import { registerOrganizersRoutes } from "./organizers.routes.js";
import { registerTeamsRoutes } from "./teams.routes.js";

export function registerAccountsRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["accounts"];

  app.get(
    "/accounts",
    { schema: { tags, querystring: accountListQuery, response: { 200: accountList } } },
    async (request) => listAccounts(context.db, requirePrincipal(request), request.query),
  );

  app.post(
    "/accounts",
    { schema: { tags, body: accountCreateBody, response: { 201: accountSchema } } },
    async (request, reply) => {
      const principal = requirePlatformAdmin(request);
      const account = await createAccount(context, { principal, ip: request.ip }, request.body.name);
      return reply.status(201).send(account);
    },
  );

  app.get(
    "/accounts/:id",
    { schema: { tags, params: idParams, response: { 200: accountSchema } } },
    async (request) => {
      await requireAccountAccess(context.db, requirePrincipal(request), request.params.id, "account.read");
      return getAccount(context.db, request.params.id);
    },
  );

  app.post(
    "/accounts/:id",
    { schema: { tags, params: idParams, body: accountUpdateBody, response: { 200: accountSchema } } },
    async (request) => {
      const principal = requirePrincipal(request);
      const access = await requireAccountAccess(context.db, principal, request.params.id, "account.read");
      const { limits, ...ownSettings } = request.body;
      // Limits are what the customer pays for: only a platform admin moves them, whatever else the body holds.
      if (limits) assertCan(access, "account.limits.update");
      if (!limits || Object.keys(ownSettings).length > 0) assertCan(access, "account.update");
      return updateAccount(context, { principal, ip: request.ip }, access.accountId, request.body, request.language);
    },
  );

  registerOrganizersRoutes(app, context);
  registerTeamsRoutes(app, context);
  registerApiKeysRoutes(app, context);
}

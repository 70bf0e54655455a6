import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  accountAdministratorBody,
  accountItemParams,
  administratorAccountsSchema,
  administratorCreateBody,
  administratorInviteBody,
  administratorList,
  administratorListQuery,
  administratorSchema,
  administratorUpdateBody,
} from "../../../contract/accounts.js";
import { okSchema } from "../../../contract/auth.js";
import { idParams } from "../../../contract/common.js";
import { requirePlatformAdmin, requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { fieldError } from "../../platform/errors.js";
import { requireAccountAccess } from "../../platform/permissions.js";
import { putMember, removeMember } from "./memberships.service.js";
import {
  administratorAccounts,
  createAdministrator,
  deleteAdministrator,
  listAdministrators,
  reinviteAdministrator,
  updateAdministrator,
} from "./organizers.service.js";

const ok = { ok: true as const };

/** Organizers: "administrators" in the paths of SPEC §7. */
export function registerOrganizersRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["organizers"];

  app.get(
    "/administrators",
    { schema: { tags, querystring: administratorListQuery, response: { 200: administratorList } } },
    async (request) => {
      const principal = requirePrincipal(request);
      const { accountId } = request.query;
      const platformWide = principal.kind === "user" && principal.isPlatformAdmin;
      if (!accountId && !platformWide) throw fieldError("accountId", "FIELD_REQUIRED");
      if (accountId) await requireAccountAccess(context.db, principal, accountId, "organizers.read");
      return listAdministrators(context.db, request.query);
    },
  );

  app.post(
    "/administrators",
    { schema: { tags, body: administratorCreateBody, response: { 201: administratorSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      await requireAccountAccess(context.db, principal, request.body.accountId, "organizers.manage");
      const administrator = await createAdministrator(context, { principal, ip: request.ip }, request.body);
      return reply.status(201).send(administrator);
    },
  );

  app.post(
    "/administrators/:id",
    { schema: { tags, params: idParams, body: administratorUpdateBody, response: { 200: administratorSchema } } },
    async (request) =>
      updateAdministrator(
        context,
        { principal: requirePrincipal(request), ip: request.ip },
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    "/administrators/:id",
    { schema: { tags, params: idParams, response: { 200: okSchema } } },
    async (request) => {
      const principal = requirePlatformAdmin(request);
      await deleteAdministrator(context, { principal, ip: request.ip }, request.params.id);
      return ok;
    },
  );

  app.get(
    "/administrators/:id/accounts",
    { schema: { tags, params: idParams, response: { 200: administratorAccountsSchema } } },
    async (request) => administratorAccounts(context.db, requirePrincipal(request), request.params.id),
  );

  app.post(
    "/administrators/:id/invite",
    { schema: { tags, params: idParams, body: administratorInviteBody, response: { 200: okSchema } } },
    async (request) => {
      const principal = requirePrincipal(request);
      const { accountId } = request.body;
      await requireAccountAccess(context.db, principal, accountId, "organizers.manage");
      await reinviteAdministrator(context, { principal, ip: request.ip }, request.params.id, accountId);
      return ok;
    },
  );

  app.put(
    "/accounts/:account/administrators/:id",
    {
      schema: {
        tags,
        params: accountItemParams,
        body: accountAdministratorBody,
        response: { 200: administratorSchema },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { account, id } = request.params;
      await requireAccountAccess(context.db, principal, account, "organizers.manage");
      return putMember(context, { principal, ip: request.ip }, account, id, request.body.role);
    },
  );

  app.delete(
    "/accounts/:account/administrators/:id",
    { schema: { tags, params: accountItemParams, response: { 200: okSchema } } },
    async (request) => {
      const principal = requirePrincipal(request);
      const { account, id } = request.params;
      await requireAccountAccess(context.db, principal, account, "organizers.manage");
      await removeMember(context, { principal, ip: request.ip }, account, id);
      return ok;
    },
  );
}

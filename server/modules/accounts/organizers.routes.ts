import type { FastifyInstance } from "fastify";
import { organizersEndpoints } from "../../../contract/accounts.endpoints.js";
import { requirePlatformAdmin, requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { fieldError } from "../../platform/errors.js";
import { putMember, removeMember } from "./memberships.service.js";
import {
  administratorAccounts,
  createAdministrator,
  deleteAdministrator,
  listAdministrators,
  reinviteAdministrator,
  updateAdministrator,
} from "./organizers.service.js";
import { requireAccountAccess } from "./permissions.js";

const ok = { ok: true as const };

/** Organizers: "administrators" in the paths of SPEC §7. */
export function registerOrganizersRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, organizersEndpoints, {
    list: async (request) => {
      const principal = requirePrincipal(request);
      const { accountId } = request.query;
      const platformWide = principal.kind === "user" && principal.isPlatformAdmin;
      if (!accountId && !platformWide) throw fieldError("accountId", "FIELD_REQUIRED");
      if (accountId) await requireAccountAccess(context.db, principal, accountId, "organizers.read");
      return listAdministrators(context.db, request.query);
    },
    create: async (request) => {
      const principal = requirePrincipal(request);
      await requireAccountAccess(context.db, principal, request.body.accountId, "organizers.manage");
      return createAdministrator(context, { principal, ip: request.ip }, request.body);
    },
    update: async (request) =>
      updateAdministrator(
        context,
        { principal: requirePrincipal(request), ip: request.ip },
        request.params.id,
        request.body,
      ),
    remove: async (request) => {
      const principal = requirePlatformAdmin(request);
      await deleteAdministrator(context, { principal, ip: request.ip }, request.params.id);
      return ok;
    },
    accounts: async (request) => administratorAccounts(context.db, requirePrincipal(request), request.params.id),
    reinvite: async (request) => {
      const principal = requirePrincipal(request);
      const { accountId } = request.body;
      await requireAccountAccess(context.db, principal, accountId, "organizers.manage");
      await reinviteAdministrator(context, { principal, ip: request.ip }, request.params.id, accountId);
      return ok;
    },
    setRole: async (request) => {
      const principal = requirePrincipal(request);
      const { account, id } = request.params;
      await requireAccountAccess(context.db, principal, account, "organizers.manage");
      return putMember(context, { principal, ip: request.ip }, account, id, request.body.role);
    },
    removeMember: async (request) => {
      const principal = requirePrincipal(request);
      const { account, id } = request.params;
      await requireAccountAccess(context.db, principal, account, "organizers.manage");
      await removeMember(context, { principal, ip: request.ip }, account, id);
      return ok;
    },
  });
}

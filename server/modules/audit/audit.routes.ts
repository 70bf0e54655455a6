import type { FastifyInstance } from "fastify";
import { auditEndpoints } from "../../../contract/audit.endpoints.js";
import { requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { listAuditLogs } from "./audit.service.js";

export function registerAuditRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, auditEndpoints, {
    list: async (request) => {
      const access = await context.hooks.accountAccess(
        context.db,
        requirePrincipal(request),
        request.params.account,
        "audit.read",
      );
      const { query, exclude, eventId, limit, offset } = request.query;
      const page = await listAuditLogs(context.db, access.accountId, { query, exclude, eventId, limit, offset });
      return {
        total: page.total,
        items: page.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      };
    },
  });
}

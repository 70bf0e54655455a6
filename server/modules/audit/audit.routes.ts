import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { accountParams } from "../../../contract/accounts.js";
import { auditLogList, auditLogQuery } from "../../../contract/audit.js";
import { requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { requireAccountAccess } from "../../platform/permissions.js";
import { listAuditLogs } from "./audit.service.js";

export function registerAuditRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/accounts/:account/auditlogs",
    { schema: { tags: ["audit"], params: accountParams, querystring: auditLogQuery, response: { 200: auditLogList } } },
    async (request) => {
      const access = await requireAccountAccess(
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
  );
}

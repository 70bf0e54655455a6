import type { FastifyRequest } from "fastify";
import type { AccountAction } from "../../../contract/permissions.js";
import { requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { requireAccountAccess } from "../accounts/permissions.js";
import type { Caller } from "./events.service.js";

/**
 * Who calls a route of `/events/{account}/...`: any member of the account passes here ("events.read" by default); the
 * event's own action (read or update) is checked once the event is found, so an event out of reach answers 404
 * whatever was asked of it, before any 403.
 */
export async function eventCaller(
  context: AppContext,
  request: FastifyRequest & { params: { account: string } },
  action: AccountAction = "events.read",
): Promise<Caller> {
  const access = await requireAccountAccess(context.db, requirePrincipal(request), request.params.account, action);
  return { access, ip: request.ip };
}

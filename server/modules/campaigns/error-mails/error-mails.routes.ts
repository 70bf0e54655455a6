import type { FastifyInstance } from "fastify";
import { errorMailsEndpoints } from "../../../../contract/error-mails.endpoints.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { accountCaller } from "../../accounts/permissions.js";
import {
  createErrorMail,
  getErrorMail,
  listErrorMails,
  unlockErrorMail,
  updateErrorMail,
} from "./error-mails.service.js";

// Addresses of guests: personal data, never cached.
const noStore = { "cache-control": "no-store" };

/** SPEC §7 errormails: the account's rejected addresses. Any member reads, its Overseers manage. */
export function registerErrorMailsRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, errorMailsEndpoints, {
    list: async (request, reply) => {
      reply.headers(noStore);
      const { accountId } = await accountCaller(context, request, "account.read");
      return listErrorMails(context.db, accountId, request.query);
    },
    create: async (request) => {
      const { accountId, caller } = await accountCaller(context, request, "account.update");
      return createErrorMail(context, caller, accountId, request.body);
    },
    get: async (request, reply) => {
      reply.headers(noStore);
      const { accountId } = await accountCaller(context, request, "account.read");
      return getErrorMail(context.db, accountId, request.params.id);
    },
    update: async (request) => {
      const { accountId, caller } = await accountCaller(context, request, "account.update");
      return updateErrorMail(context, caller, accountId, request.params.id, request.body);
    },
    unlock: async (request) => {
      const { accountId, caller } = await accountCaller(context, request, "account.update");
      return unlockErrorMail(context, caller, accountId, request.params.id);
    },
  });
}

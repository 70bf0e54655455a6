import type { FastifyInstance } from "fastify";
import { sendersEndpoints } from "../../../../contract/senders.endpoints.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { accountCaller } from "../../accounts/permissions.js";
import {
  createSender,
  deleteSender,
  listSenders,
  readVerification,
  resendVerification,
  verifySender,
} from "./senders.service.js";

/** SPEC §2 "senders": the account's from-addresses and the public link that verifies one. */
export function registerSendersRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, sendersEndpoints, {
    list: async (request) => {
      const { accountId } = await accountCaller(context, request, "account.read");
      return listSenders(context.db, accountId);
    },
    create: async (request) => {
      const { accountId, caller } = await accountCaller(context, request, "account.update");
      return createSender(context, caller, accountId, request.body);
    },
    remove: async (request) => {
      const { accountId, caller } = await accountCaller(context, request, "account.update");
      return deleteSender(context, caller, accountId, request.params.id);
    },
    resend: async (request) => {
      const { accountId, caller } = await accountCaller(context, request, "account.update");
      return resendVerification(context, caller, accountId, request.params.id);
    },
    verification: async (request, reply) => {
      reply.headers({ "cache-control": "no-store" });
      return readVerification(context.db, request.params.token);
    },
    verify: async (request) => verifySender(context, request.params.token, request.ip),
  });
}

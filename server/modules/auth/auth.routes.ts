import type { FastifyInstance } from "fastify";
import { authEndpoints } from "../../../contract/auth.endpoints.js";
import { requireUser } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import * as auth from "./auth.service.js";

const ok = { ok: true as const };

export function registerAuthRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, authEndpoints, {
    register: async (request) => auth.register(context, request.body, request.language, request.ip),
    login: async (request) => auth.login(context, request.body, request.language, request.ip),
    logout: async (request) => {
      await auth.logout(context, requireUser(request));
      return ok;
    },
    me: async (request) => auth.me(context, requireUser(request).userId),
    forgotPassword: async (request) => {
      await auth.forgotPassword(context, request.body.email, request.language, request.ip);
      return ok;
    },
    resetPassword: async (request) => {
      await auth.resetPassword(context, request.body, request.ip);
      return ok;
    },
    invitation: async (request) => auth.readInvitation(context, request.query.token),
    registerAdmin: async (request) => auth.completeRegistration(context, request.body, request.ip),
    sendToken: async (request) => {
      await auth.resendLoginLink(context, request.body.challenge, request.language);
      return ok;
    },
    loginToken: async (request) => auth.loginWithLink(context, request.body.token, request.ip),
  });
}

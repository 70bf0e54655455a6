import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  forgotPasswordBody,
  invitationSchema,
  loginBody,
  loginResponse,
  loginTokenBody,
  meSchema,
  okSchema,
  registerAdminBody,
  registerBody,
  resetPasswordBody,
  sendTokenBody,
  sessionSchema,
} from "../../../contract/auth.js";
import { requireUser } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import * as auth from "./auth.service.js";

const ok = { ok: true as const };

export function registerAuthRoutes(parent: FastifyInstance, context: AppContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ["auth"];

  app.post(
    "/auth/register",
    { schema: { tags, body: registerBody, response: { 201: sessionSchema } } },
    async (request, reply) => {
      const session = await auth.register(context, request.body, request.language, request.ip);
      return reply.status(201).send(session);
    },
  );

  app.post("/auth/login", { schema: { tags, body: loginBody, response: { 200: loginResponse } } }, async (request) =>
    auth.login(context, request.body, request.language, request.ip),
  );

  app.post("/auth/logout", { schema: { tags, response: { 200: okSchema } } }, async (request) => {
    await auth.logout(context, requireUser(request));
    return ok;
  });

  app.get("/auth/me", { schema: { tags, response: { 200: meSchema } } }, async (request) =>
    auth.me(context, requireUser(request).userId),
  );

  app.post(
    "/auth/forgot-password",
    { schema: { tags, body: forgotPasswordBody, response: { 200: okSchema } } },
    async (request) => {
      await auth.forgotPassword(context, request.body.email, request.language, request.ip);
      return ok;
    },
  );

  app.post(
    "/auth/reset-password",
    { schema: { tags, body: resetPasswordBody, response: { 200: okSchema } } },
    async (request) => {
      await auth.resetPassword(context, request.body, request.ip);
      return ok;
    },
  );

  app.get(
    "/auth/invitation",
    {
      schema: {
        tags,
        querystring: z.object({ token: z.string().min(1, "LINK_INVALID") }),
        response: { 200: invitationSchema },
      },
    },
    async (request) => auth.readInvitation(context, request.query.token),
  );

  app.post(
    "/auth/register-admin",
    { schema: { tags, body: registerAdminBody, response: { 201: sessionSchema } } },
    async (request, reply) => {
      const session = await auth.completeRegistration(context, request.body, request.ip);
      return reply.status(201).send(session);
    },
  );

  app.post(
    "/auth/send-token",
    { schema: { tags, body: sendTokenBody, response: { 200: okSchema } } },
    async (request) => {
      await auth.resendLoginLink(context, request.body.challenge, request.language);
      return ok;
    },
  );

  app.post(
    "/auth/login-token",
    { schema: { tags, body: loginTokenBody, response: { 200: sessionSchema } } },
    async (request) => auth.loginWithLink(context, request.body.token, request.ip),
  );
}

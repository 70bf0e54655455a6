import type { FastifyInstance, FastifyReply } from "fastify";
import { ebadgesEndpoints } from "../../../contract/ebadges.endpoints.js";
import { requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { requireAccountAccess } from "../accounts/permissions.js";
import { eventCaller } from "../events/events.caller.js";
import { batchFile, createBatch, getBatch } from "./ebadge-batches.js";
import { getEbadgeConditions, getEbadgeSettings, setEbadgeConditions, setEbadgeSettings } from "./ebadge-conditions.js";
import { type BadgeFile, ebadgePdf, guestBadgePdf, madeOrRefused } from "./ebadge-documents.js";
import {
  createEbadge,
  getEbadge,
  listAccountEbadges,
  listEbadges,
  removeEbadge,
  updateEbadge,
} from "./ebadges.service.js";

/** Never cached: the next design saved changes what a badge prints. */
const pdfHeaders = (filename: string) => ({
  "content-type": "application/pdf",
  "content-disposition": `inline; filename="${filename}"`,
  "cache-control": "no-store",
});

/** SPEC §7 ebadges: designs, conditions, settings, one guest's PDF on demand and many guests' as a job. */
export function registerEbadgesRoutes(app: FastifyInstance, context: AppContext) {
  const sendPdf = async (reply: FastifyReply, file: BadgeFile) => {
    const content = await madeOrRefused(context, file.make);
    return reply.headers(pdfHeaders(file.filename)).send(content);
  };
  registerEndpoints(app, ebadgesEndpoints, {
    list: async (request) => listEbadges(context, await eventCaller(context, request), request.params.event),
    create: async (request, reply) => {
      const created = await createEbadge(
        context,
        await eventCaller(context, request),
        request.params.event,
        request.body,
      );
      return reply.status(201).send(created);
    },
    get: async (request) =>
      getEbadge(context, await eventCaller(context, request), request.params.event, request.params.id),
    update: async (request) =>
      updateEbadge(context, await eventCaller(context, request), request.params.event, request.params.id, request.body),
    remove: async (request) =>
      removeEbadge(context, await eventCaller(context, request), request.params.event, request.params.id),
    conditions: async (request) =>
      getEbadgeConditions(context, await eventCaller(context, request), request.params.event),
    setConditions: async (request) =>
      setEbadgeConditions(context, await eventCaller(context, request), request.params.event, request.body),
    settings: async (request) => getEbadgeSettings(context, await eventCaller(context, request), request.params.event),
    setSettings: async (request) =>
      setEbadgeSettings(context, await eventCaller(context, request), request.params.event, request.body),
    pdf: async (request, reply) => {
      const caller = await eventCaller(context, request);
      const { event, id } = request.params;
      return sendPdf(reply, await ebadgePdf(context, caller, event, id, request.query.guestId));
    },
    guestBadge: async (request, reply) => {
      const caller = await eventCaller(context, request);
      return sendPdf(reply, await guestBadgePdf(context, caller, request.params.event, request.params.guestId));
    },
    createBatch: async (request, reply) => {
      const caller = await eventCaller(context, request);
      const batch = await createBatch(context, caller, request.params.event, request.body, request.language);
      return reply.status(202).send(batch);
    },
    batch: async (request) =>
      getBatch(context, await eventCaller(context, request), request.params.event, request.params.id, request.language),
    batchFile: async (request, reply) => {
      const caller = await eventCaller(context, request);
      const file = await batchFile(context, caller, request.params.event, request.params.id);
      return reply.headers(pdfHeaders(file.filename)).send(file.stream);
    },
    accountList: async (request) => {
      const access = await requireAccountAccess(
        context.db,
        requirePrincipal(request),
        request.params.account,
        "events.read",
      );
      return listAccountEbadges(context, access);
    },
  });
}

import type { FastifyInstance } from "fastify";
import { campaignsEndpoints } from "../../../contract/campaigns.endpoints.js";
import { campaignAttachmentsMaxBytes } from "../../../contract/campaigns.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { contentDisposition, receiveUpload } from "../../platform/file-store.js";
import { eventCaller } from "../events/events.caller.js";
import {
  applyCampaignTemplate,
  campaignTemplates,
  createCampaign,
  deleteCampaign,
  duplicateCampaign,
  getCampaign,
  listCampaigns,
  previewCampaign,
  previewDraftContent,
  readCampaignAttachment,
  registerCampaignAttachmentRenderer,
  sendTestMail,
  updateCampaign,
  uploadCampaignAttachment,
} from "./campaigns.service.js";

// Campaign content and previews change with every edit: never cached.
const noStore = { "cache-control": "no-store" };

/** SPEC §2 "Email campaigns": the list, create by type, the editor, the template gallery, previews and test sends. */
export function registerCampaignsRoutes(app: FastifyInstance, context: AppContext) {
  registerCampaignAttachmentRenderer(context);
  registerEndpoints(app, campaignsEndpoints, {
    list: async (request, reply) => {
      reply.headers(noStore);
      return listCampaigns(context, await eventCaller(context, request), request.params.event, request.query);
    },
    create: async (request) =>
      createCampaign(context, await eventCaller(context, request), request.params.event, request.body),
    templates: async (request) =>
      campaignTemplates(context, await eventCaller(context, request), request.params.event, request.query.type),
    get: async (request, reply) => {
      reply.headers(noStore);
      const { event, id } = request.params;
      return getCampaign(context, await eventCaller(context, request), event, id);
    },
    update: async (request) => {
      const { event, id } = request.params;
      return updateCampaign(context, await eventCaller(context, request), event, id, request.body);
    },
    remove: async (request) => {
      const { event, id } = request.params;
      await deleteCampaign(context, await eventCaller(context, request), event, id);
      return { ok: true as const };
    },
    duplicate: async (request) => {
      const { event, id } = request.params;
      return duplicateCampaign(context, await eventCaller(context, request), event, id, request.language);
    },
    applyTemplate: async (request) => {
      const { event, id } = request.params;
      return applyCampaignTemplate(context, await eventCaller(context, request), event, id, request.body.template);
    },
    preview: async (request, reply) => {
      reply.headers(noStore);
      const { event, id, language } = request.params;
      return previewCampaign(context, await eventCaller(context, request), event, id, language);
    },
    previewDraft: async (request, reply) => {
      reply.headers(noStore);
      const { event, id, language } = request.params;
      const caller = await eventCaller(context, request);
      return previewDraftContent(context, caller, event, id, language, request.body.content);
    },
    testSend: async (request) => {
      const { event, id } = request.params;
      await sendTestMail(context, await eventCaller(context, request), event, id, request.body);
      return { ok: true as const };
    },
    uploadAttachment: async (request) => {
      const { event, id } = request.params;
      return uploadCampaignAttachment(context, await eventCaller(context, request), event, id, () =>
        receiveUpload(request, campaignAttachmentsMaxBytes),
      );
    },
    downloadAttachment: async (request, reply) => {
      const { event, id, fileId } = request.params;
      const file = await readCampaignAttachment(context, await eventCaller(context, request), event, id, fileId);
      return reply
        .headers({
          "content-type": file.contentType,
          "content-length": String(file.size),
          "content-disposition": contentDisposition("attachment", file.name),
          ...noStore,
        })
        .send(file.stream);
    },
  });
}

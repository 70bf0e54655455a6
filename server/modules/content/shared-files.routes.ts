import type { FastifyInstance } from "fastify";
import { sharedFilesEndpoints } from "../../../contract/shared-files.endpoints.js";
import { sharedFileMaxBytes } from "../../../contract/shared-files.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { contentDisposition, receiveUpload } from "../../platform/file-store.js";
import { eventCaller } from "../events/events.caller.js";
import { requireMember } from "../guests/member-sessions.js";
import {
  createSharedFile,
  deleteSharedFile,
  getSharedFile,
  listSharedFiles,
  memberDownloadSharedFile,
  memberSharedFiles,
  notifySharedFile,
  renameSharedFile,
  uploadSharedFile,
} from "./shared-files.service.js";

// A guest's files and their states: never cached, by the browser or anything in between.
const noStore = { "cache-control": "no-store" };

/** SPEC §7 sharedfiles, and the guest's side of them in the member area (issue 21). */
export function registerSharedFilesRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, sharedFilesEndpoints, {
    list: async (request, reply) => {
      reply.headers(noStore);
      return listSharedFiles(context, await eventCaller(context, request), request.params.event, request.query);
    },
    create: async (request) =>
      createSharedFile(context, await eventCaller(context, request), request.params.event, request.body),
    get: async (request, reply) => {
      reply.headers(noStore);
      const { event, id } = request.params;
      return getSharedFile(context, await eventCaller(context, request), event, id);
    },
    remove: async (request) => {
      const { event, id } = request.params;
      return deleteSharedFile(context, await eventCaller(context, request), event, id);
    },
    upload: async (request) => {
      const { event, id } = request.params;
      return uploadSharedFile(context, await eventCaller(context, request), event, id, () =>
        receiveUpload(request, sharedFileMaxBytes),
      );
    },
    rename: async (request) => {
      const { event, id } = request.params;
      return renameSharedFile(context, await eventCaller(context, request), event, id, request.body.name);
    },
    notify: async (request) => {
      const { event, id } = request.params;
      return notifySharedFile(context, await eventCaller(context, request), event, id, request.body);
    },
    memberList: async (request, reply) => {
      const member = await requireMember(context.db, request.params.slug, request.headers.authorization);
      reply.headers(noStore);
      return memberSharedFiles(context, member);
    },
    memberDownload: async (request, reply) => {
      const member = await requireMember(context.db, request.params.slug, request.headers.authorization);
      const file = await memberDownloadSharedFile(context, member, request.params.id);
      // Always a download, never shown in place: the type was read from the bytes, and nosniff keeps the browser to it.
      return reply
        .headers({
          "content-type": file.contentType,
          "content-disposition": contentDisposition("attachment", file.name),
          "x-content-type-options": "nosniff",
          ...noStore,
        })
        .send(file.stream);
    },
  });
}

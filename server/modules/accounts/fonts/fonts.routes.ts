import type { FastifyInstance } from "fastify";
import { fontsEndpoints } from "../../../../contract/fonts.endpoints.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { receiveUpload } from "../../../platform/file-store.js";
import { accountCaller } from "../permissions.js";
import { createFont, deleteFont, getFont, listFonts, readFontFile, updateFont, uploadFont } from "./fonts.service.js";

/** SPEC §7 fonts, and the public WOFF2 files the public page and badges' designer load. */
export function registerFontsRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, fontsEndpoints, {
    list: async (request) => {
      const { accountId } = await accountCaller(context, request, "account.read");
      return listFonts(context, accountId);
    },
    upload: async (request) => {
      const { accountId } = await accountCaller(context, request, "account.update");
      return uploadFont(context, accountId, (maxBytes) => receiveUpload(request, maxBytes));
    },
    create: async (request) => {
      const { accountId, caller } = await accountCaller(context, request, "account.update");
      return createFont(context, caller, accountId, request.body);
    },
    get: async (request) => {
      const { accountId } = await accountCaller(context, request, "account.read");
      return getFont(context, accountId, request.params.id);
    },
    update: async (request) => {
      const { accountId, caller } = await accountCaller(context, request, "account.update");
      return updateFont(context, caller, accountId, request.params.id, request.body);
    },
    remove: async (request) => {
      const { accountId, caller } = await accountCaller(context, request, "account.update");
      return deleteFont(context, caller, accountId, request.params.id);
    },
    file: async (request, reply) => {
      const file = await readFontFile(context, request.params.file);
      // Every file has a key of its own, never reused: browsers and proxies keep it for a year.
      return reply
        .headers({
          "content-type": "font/woff2",
          "content-length": String(file.size),
          "cache-control": "public, max-age=31536000, immutable",
          "access-control-allow-origin": "*",
          "x-content-type-options": "nosniff",
        })
        .send(file.stream);
    },
  });
}

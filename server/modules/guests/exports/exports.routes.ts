import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { MessageCode } from "../../../../contract/error-messages.js";
import { guestExportEndpoints } from "../../../../contract/guest-export.endpoints.js";
import type { AppContext } from "../../../platform/context.js";
import { registerEndpoints } from "../../../platform/endpoints.js";
import { AppError, errorBody } from "../../../platform/errors.js";
import { takeHeavyReadPlace } from "../../../platform/heavy-reads.js";
import { sendSpreadsheet } from "../../../platform/spreadsheet.js";
import { eventCaller } from "../../events/events.caller.js";
import { runBulkAction } from "./bulk.service.js";
import { exportGuests } from "./exports.service.js";

/**
 * Expected refusals (404, 403, 400) keep their own answer; anything else is the feature's own failure message
 * (SPEC §8) rather than the generic one, logged as a fault.
 */
async function failingWith<T>(request: FastifyRequest, reply: FastifyReply, code: MessageCode, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    request.log.error({ err: error }, code);
    return reply.status(500).send(errorBody(request.language, code));
  }
}

/** GET users/export (a streamed CSV or XLSX file) and POST users/bulk (grouped status change or deletion). */
export function registerGuestExportRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, guestExportEndpoints, {
    download: async (request, reply) => {
      const who = await eventCaller(context, request);
      const language = request.query.language ?? request.language;
      // An export reads the whole list: one of the caller's heavy-read places, until its last byte is sent.
      const giveBack = await takeHeavyReadPlace(context.database, who.access.principal);
      return failingWith(request, reply, "EXPORT_FAILED", async () => {
        const file = await exportGuests(context, who, request.params.event, request.query, language).catch(
          async (error) => {
            await giveBack();
            throw error;
          },
        );
        file.stream.once("close", () => {
          giveBack().catch((error) => request.log.error({ err: error }, "heavy-read place not given back"));
        });
        return sendSpreadsheet(reply, file);
      });
    },
    bulk: async (request, reply) => {
      const who = await eventCaller(context, request);
      const code = request.body.action.type === "delete" ? "GUESTS_NOT_DELETED" : "GUESTS_NOT_UPDATED";
      return failingWith(request, reply, code, () => runBulkAction(context, who, request.params.event, request.body));
    },
  });
}

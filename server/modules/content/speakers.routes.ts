import type { FastifyInstance } from "fastify";
import { speakersEndpoints } from "../../../contract/speakers.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { contentHandlers } from "./ordered-content.service.js";
import { speakersService } from "./speakers.service.js";

/** SPEC §7 speakers: list (with expand), create, read, save, delete, reorder. */
export function registerSpeakersRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, speakersEndpoints, contentHandlers(context, speakersService));
}

import type { FastifyInstance } from "fastify";
import { programsEndpoints } from "../../../contract/programs.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { contentHandlers } from "./ordered-content.service.js";
import { programsService } from "./programs.service.js";

/** SPEC §7 programs: list (one language, with expand), create, read, save, delete, reorder. */
export function registerProgramsRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, programsEndpoints, contentHandlers(context, programsService));
}

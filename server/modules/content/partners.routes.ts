import type { FastifyInstance } from "fastify";
import { partnersEndpoints } from "../../../contract/partners.endpoints.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { contentHandlers } from "./ordered-content.service.js";
import { partnersService } from "./partners.service.js";

/** SPEC §7 partners: list (with expand), create, read, save, delete, reorder. */
export function registerPartnersRoutes(app: FastifyInstance, context: AppContext) {
  registerEndpoints(app, partnersEndpoints, contentHandlers(context, partnersService));
}

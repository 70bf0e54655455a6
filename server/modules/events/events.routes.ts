import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";

export function registerEventsRoutes(_parent: FastifyInstance, _context: AppContext) {}

import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";

export function registerAccountsRoutes(_parent: FastifyInstance, _context: AppContext) {}

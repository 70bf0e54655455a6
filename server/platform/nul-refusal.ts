import type { FastifyInstance } from "fastify";
import { nulCharacterPath } from "../../contract/common.js";
import { fieldError } from "./errors.js";

/** 400 with the field error TEXT_NUL_CHARACTER on the field holding a NUL character, if any does. */
export function refuseNulCharacter(input: unknown, path: string[] = []) {
  const found = nulCharacterPath(input, path);
  if (found) throw fieldError(found.join(".") || "body", "TEXT_NUL_CHARACTER");
}

/**
 * Refuses a NUL character anywhere in a request's path parameters, query string or body with a field error, before
 * any schema or handler sees it: PostgreSQL refuses NUL in text and JSON, so such a value reaching a statement was a
 * server error. One hook covers every route, the legacy ones and the not-found page included; multipart uploads,
 * read later by their routes, are checked as they are read (file-store.ts).
 */
export function registerNulRefusal(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    for (const input of [request.params, request.query, request.body]) refuseNulCharacter(input);
  });
}

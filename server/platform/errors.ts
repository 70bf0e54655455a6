import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import {
  type CodedMessage,
  isMessageCode,
  type MessageCode,
  messageOfZodIssue,
  translate,
} from "../../contract/error-messages.js";
import { type Language, languageFromHeader } from "./language.js";

type FieldErrors = Record<string, { code: MessageCode; values?: (string | number)[] }>;

/** An expected failure: answered with its status and a translated message, never logged as a fault. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    readonly code: MessageCode,
    readonly options: { values?: (string | number)[]; fields?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(code);
  }
}

/** A request given up because its client left before it ran (admission.ts): nobody is there to read an answer. */
export class ClientGoneError extends Error {
  constructor() {
    super("the client left before its request ran");
  }
}

export const notFound = (code: MessageCode = "NOT_FOUND") => new AppError(404, code);
export const forbidden = () => new AppError(403, "FORBIDDEN");
/** A 400 pointing at one field, with the field's own message as the headline. */
export const fieldError = (field: string, code: MessageCode, ...values: (string | number)[]) =>
  new AppError(400, code, { values, fields: { [field]: { code, values } } });

/** The PostgreSQL error in a thrown error's `cause` chain (Drizzle wraps the driver's error), if any. */
type DatabaseError = { code?: unknown; constraint?: unknown; message?: unknown; detail?: unknown };

function databaseErrorOf(error: unknown): DatabaseError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as DatabaseError & { severity?: unknown; cause?: unknown };
    // Both drivers' errors carry PostgreSQL's SQLSTATE in `code` beside a `severity`.
    if (typeof candidate.code === "string" && candidate.severity !== undefined) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** True when a database error is PostgreSQL's unique violation on `constraint` (on any, without one). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = databaseErrorOf(error);
  return found?.code === "23505" && (constraint === undefined || found.constraint === constraint);
}

/**
 * True when PostgreSQL gave up a transaction only because of its timing: a deadlock (40P01) or a serialization
 * failure (40001). Run again, the same transaction succeeds or meets the rule that truly refuses it.
 */
export function isTransientConflict(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return code === "40P01" || code === "40001";
}

/** True when PostgreSQL cancelled a statement (57014): its `statement_timeout` ran out. */
export function isStatementTimeout(error: unknown): boolean {
  return databaseErrorOf(error)?.code === "57014";
}

/**
 * A rule PostgreSQL checks itself, refused there (SQLSTATE AP409, raised by `units_or_refusal`): its message code
 * and the field it is about, as the 409 it answers. Undefined for any other error.
 */
export function refusalOf(error: unknown): AppError | undefined {
  const found = databaseErrorOf(error);
  if (found?.code !== "AP409" || typeof found.message !== "string" || !isMessageCode(found.message)) return undefined;
  const code = found.message;
  return new AppError(409, code, typeof found.detail === "string" ? { fields: { [found.detail]: { code } } } : {});
}

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

type ZodIssueLike = { keyword: string; instancePath: string; message: string; params: Record<string, unknown> };

/** Contract schemas name their messages by code; zod's own issues are mapped to the nearest catalogue message. */
function messageOfIssue(issue: ZodIssueLike, input: unknown): CodedMessage {
  if (isMessageCode(issue.message)) return { code: issue.message };
  // Whatever rule a value breaks (type, enum, format), an absent value is first of all a required field.
  if (input == null) return { code: "FIELD_REQUIRED" };
  return messageOfZodIssue({ ...issue.params, code: issue.keyword, input });
}

export function errorBody(language: Language, code: MessageCode, options: AppError["options"] = {}): ErrorBody {
  const fields = options.fields
    ? Object.fromEntries(
        Object.entries(options.fields).map(([field, m]) => [field, translate(m.code, language, ...(m.values ?? []))]),
      )
    : undefined;
  return { error: { code, message: translate(code, language, ...(options.values ?? [])), ...(fields && { fields }) } };
}

const statusCodes: Partial<Record<number, MessageCode>> = {
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  413: "FILE_TOO_BIG",
  415: "TYPE_NOT_ACCEPTED",
};

function inputOf(request: FastifyRequest, part: string | undefined): unknown {
  if (part === "querystring") return request.query;
  if (part === "params") return request.params;
  if (part === "headers") return request.headers;
  return request.body;
}

function valueAt(input: unknown, segments: string[]): unknown {
  let value = input;
  for (const segment of segments) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = languageFromHeader(request.headers["accept-language"]);
    if (error instanceof AppError) {
      if (error.options.headers) reply.headers(error.options.headers);
      return reply.status(error.status).send(errorBody(language, error.code, error.options));
    }
    if (error instanceof ClientGoneError) {
      request.log.info("the client left before its request ran");
      return reply.status(503).send();
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      const input = inputOf(request, error.validationContext);
      for (const issue of error.validation as unknown as ZodIssueLike[]) {
        const segments = issue.instancePath.split("/").filter(Boolean);
        const field = segments.join(".");
        fields[field || "body"] ??= messageOfIssue(issue, valueAt(input, segments));
      }
      const distinct = new Set(Object.values(fields).map((f) => f.code));
      const headline: MessageCode =
        fields.body?.code === "FIELD_REQUIRED"
          ? "COMPLETE_ALL_FIELDS"
          : distinct.size === 1
            ? ([...distinct][0] as MessageCode)
            : "VALIDATION";
      const only = Object.values(fields)[0];
      const values = distinct.size === 1 ? only?.values : undefined;
      return reply.status(400).send(errorBody(language, headline, { fields, values }));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported content type.
      return reply.status(status).send(errorBody(language, statusCodes[status] ?? "FIELD_INVALID"));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(errorBody(language, "INTERNAL"));
  });
}

import type { z } from "zod";

/**
 * One endpoint of the API, declared once: the server registers its Fastify route from it (server/platform/endpoints.ts),
 * the web app calls it through it (web/api/client.ts), and the OpenAPI document at /api/docs is generated from it. So a
 * path, a parameter or an answer changed here changes all three, and a caller left behind fails the typecheck.
 *
 * Our own small route table rather than a library such as ts-rest: it keeps the zod schemas, Fastify's validation and
 * serialization (fastify-type-provider-zod) and the error answers of DESIGN.md §4 exactly as they were, adds no
 * runtime dependency to the web bundle, and is about 150 lines we can read.
 */
export type Endpoint = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Fastify's syntax, `:name` for a parameter; under /api/v1 unless `root` (the legacy routes of SPEC §7). */
  path: string;
  root?: true;
  /** One line for the OpenAPI document: what the endpoint does, in the words of an integrator. */
  summary: string;
  /** "organizer": a session or API key; "member": a guest's member-area session; "anyone": no token. */
  access: "organizer" | "member" | "anyone";
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  /** A JSON body; "multipart" for a file upload (its `file` part); "raw" for a signed webhook read as bytes. */
  body?: z.ZodType | "multipart" | "raw";
  /** The success status; 200 unless said. */
  status?: 200 | 201 | 202 | 204;
  /** The JSON answer; absent for a file answer or 204. */
  answer?: z.ZodType;
  /** The content types of a file answer (a download): the web client reads it as a Blob. */
  file?: readonly string[];
  /** Error statuses beyond those every endpoint of its kind may answer (see `errorStatuses`). */
  errors?: readonly ErrorStatus[];
};

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** The endpoints of one feature, by name; `tag` groups them in the OpenAPI document. */
export type EndpointGroup = { tag: string; endpoints: Record<string, Endpoint> };

/**
 * The names of a path's parameters: "/events/:account/:event/tickets" gives "account" | "event". The web client asks for
 * exactly these, so a parameter added to or renamed in a path breaks every caller at compile time.
 */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A declaration whose params schema (if any) reads every parameter its path names. */
type Checked<E extends Endpoint> = [PathParams<E["path"]>] extends [never]
  ? E
  : E & { params: z.ZodType<Record<PathParams<E["path"]>, unknown>, Record<PathParams<E["path"]>, string>> };

/** Declares a feature's endpoints; the `const` inference keeps each path a literal type. */
export function endpointGroup<const Endpoints extends Record<string, Endpoint>>(
  tag: string,
  endpoints: Endpoints & { [Name in keyof Endpoints]: Checked<Endpoints[Name]> },
): { tag: string; endpoints: Endpoints } {
  return { tag, endpoints };
}

/** What a call answers: the parsed JSON, a Blob for a file, nothing for 204. */
export type Answer<E extends Endpoint> = E["answer"] extends z.ZodType
  ? z.output<E["answer"]>
  : E["file"] extends readonly string[]
    ? Blob
    : undefined;

/**
 * The statuses an endpoint may answer besides success: 400 when it reads input, 401 and 403 when it needs a token,
 * 404 when its path names something, 413 and 415 for an upload, then its own.
 */
export function errorStatuses(endpoint: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors ?? []);
  if (endpoint.body || endpoint.query || endpoint.params || endpoint.headers) statuses.add(400);
  if (endpoint.access !== "anyone") statuses.add(401);
  if (endpoint.access === "organizer") statuses.add(403);
  if (endpoint.params) statuses.add(404);
  if (endpoint.body === "multipart") {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort();
}

/** The URL path of an endpoint (or of its route in the web's schema-free table) with its parameters filled in (each one encoded). */
export function endpointPath(endpoint: Pick<Endpoint, "path" | "root">, params: Record<string, string> = {}): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  return endpoint.root ? path : `/api/v1${path}`;
}

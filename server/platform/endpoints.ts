import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import type { z } from "zod";
import type { Endpoint, EndpointGroup } from "../../contract/endpoint.js";
import { requirePrincipal } from "./auth-guard.js";

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : unknown;

/** The request a handler receives: params, query, headers and body already parsed by the endpoint's schemas. */
export type EndpointRequest<E extends Endpoint> = RequestOf<E["params"], E["query"], E["headers"], E["body"]>;

type RequestOf<Params, Query, Headers, Body> = FastifyRequest<{
  Params: Output<Params>;
  Querystring: Output<Query>;
  Headers: Output<Headers>;
  Body: Body extends z.ZodType ? z.output<Body> : unknown;
}>;

/**
 * What a handler gives back: the answer's value (serialized by the answer schema), or the reply it sent itself (a file,
 * a redirect). A 204 endpoint gives back nothing.
 */
type ResultOf<Answer> = Answer extends z.ZodType
  ? z.output<Answer> | FastifyReply
  : // biome-ignore lint/suspicious/noConfusingVoidType: a handler of a 204 or file endpoint may end without a value
    FastifyReply | void;

/**
 * Typed by the parts of a declaration a handler sees, not by the declaration itself: two endpoints that read and answer
 * the same may share one handler whatever their paths.
 */
export type EndpointHandler<E extends Endpoint> = HandlerOf<
  E["params"],
  E["query"],
  E["headers"],
  E["body"],
  E["answer"]
>;

type HandlerOf<Params, Query, Headers, Body, Answer> = (
  request: RequestOf<Params, Query, Headers, Body>,
  reply: FastifyReply,
) => Promise<ResultOf<Answer>>;

export type EndpointHandlers<Group extends EndpointGroup> = {
  [Name in keyof Group["endpoints"]]: EndpointHandler<Group["endpoints"][Name]>;
};

declare module "fastify" {
  interface FastifyContextConfig {
    /** The declaration a route was registered from: the OpenAPI document reads its summary, access and errors. */
    endpoint?: Endpoint;
  }
}

/**
 * Registers a Fastify route for every endpoint of a group, each with its handler: a group declared without a handler
 * for one of its endpoints does not compile. Validation and serialization are the endpoint's zod schemas.
 */
export function registerEndpoints<Group extends EndpointGroup>(
  app: FastifyInstance,
  group: Group,
  handlers: EndpointHandlers<Group>,
) {
  for (const [name, endpoint] of Object.entries(group.endpoints)) {
    const handler = handlers[name as keyof Group["endpoints"]] as EndpointHandler<Endpoint>;
    const register = (scope: FastifyInstance) =>
      scope.route({
        method: endpoint.method,
        url: endpoint.root ? endpoint.path : `/api/v1${endpoint.path}`,
        schema: fastifySchema(group.tag, endpoint),
        config: { endpoint },
        handler: async (request, reply) => {
          // Every organizer endpoint needs a session or an API key, whatever its handler goes on to check.
          if (endpoint.access === "organizer") requirePrincipal(request);
          reply.status(endpoint.status ?? 200);
          const result: unknown = await handler(request as EndpointRequest<Endpoint>, reply);
          if (result === reply || reply.sent) return reply;
          return endpoint.status === 204 ? reply.send() : result;
        },
      });
    if (endpoint.body === "raw") {
      // A signed webhook is checked on the exact bytes sent: its JSON is read raw, in a scope of its own.
      app.register(async (scope) => {
        scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
          done(null, body),
        );
        register(scope);
      });
    } else register(app);
  }
}

function fastifySchema(tag: string, endpoint: Endpoint): FastifySchema {
  return {
    tags: [tag],
    summary: endpoint.summary,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.headers && { headers: endpoint.headers }),
    ...(typeof endpoint.body === "object" && { body: endpoint.body }),
    ...(endpoint.answer && { response: { [endpoint.status ?? 200]: endpoint.answer } }),
  };
}

/**
 * Refuses, at start, a route under /api/v1 that was not registered from a declaration: it would escape the web
 * client's types, the OpenAPI document and the principal check of organizer endpoints.
 */
export function refuseUndeclaredApiRoutes(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/v1") && !route.config?.endpoint) {
      throw new Error(`${route.method} ${route.url} is not declared in contract/ (see contract/endpoint.ts)`);
    }
  });
}

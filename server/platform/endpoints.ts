import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import type { z } from "zod";
import type { Endpoint, EndpointGroup } from "../../contract/endpoint.js";
import { requirePrincipal } from "./auth-guard.js";

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : unknown;

/** The request a handler receives: params, query, headers and body already parsed by the endpoint's schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Output<E["params"]>;
  Querystring: Output<E["query"]>;
  Headers: Output<E["headers"]>;
  Body: E["body"] extends z.ZodType ? z.output<E["body"]> : unknown;
}>;

/**
 * What a handler gives back: the answer's value (serialized by the answer schema), or the reply it sent itself (a file,
 * a redirect). A 204 endpoint gives back nothing.
 */
type HandlerResult<E extends Endpoint> = E["answer"] extends z.ZodType
  ? z.output<E["answer"]> | FastifyReply
  : // biome-ignore lint/suspicious/noConfusingVoidType: a handler of a 204 or file endpoint may end without a value
    FastifyReply | void;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<HandlerResult<E>>;

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

import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../contract/common.js";
import { type ErrorStatus, errorStatuses } from "../../contract/endpoint.js";

const errorMeanings: Record<ErrorStatus, string> = {
  400: "The input breaks a rule; `fields` names each field and its message.",
  401: "No valid session or API key.",
  403: "Signed in, without the permission this needs.",
  404: "Absent, or in another account.",
  409: "The current state refuses it (already done, already exists, sold out...).",
  413: "The file or body is too big.",
  415: "The content type is not accepted.",
  422: "The input is well formed but cannot be processed (a campaign that does not render).",
  429: "Too many attempts; try again later.",
  503: "The service is briefly unavailable.",
};

const errorReference = { $ref: "#/components/schemas/ErrorBody" };
type Transform = NonNullable<FastifyDynamicSwaggerOptions["transform"]>;

/**
 * The OpenAPI document of /api/docs, generated from the endpoint declarations: schemas from their zod schemas, a
 * summary each, the error answers of DESIGN.md §4 and the bearer scheme. A route that was not declared as an endpoint
 * (the web app's files, the development mailbox) is not part of the API and is left out.
 */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: {
      title: "Event platform API",
      version: "1",
      description:
        "Every error answers `{ error: { code, message, fields? } }`, its message in the language of Accept-Language (fr, es, else en).",
    },
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "A session token from sign-in, an account's API key (ak_...), or a guest's member session (ms_...).",
        },
      },
      schemas: { ErrorBody: z.toJSONSchema(errorBodySchema, { target: "openapi-3.0" }) as object },
    },
  },
  transform: (document) => {
    const endpoint = document.route.config?.endpoint;
    if (!endpoint) return { schema: { hide: true }, url: document.url };
    const { schema, url } = jsonSchemaTransform(document) as ReturnType<Transform> & {
      schema: Record<string, unknown> & { response?: Record<string, unknown> };
    };
    const success = endpoint.status ?? 200;
    const response: Record<string, unknown> = { ...schema.response };
    if (endpoint.file) {
      response[success] = {
        description: "The file.",
        content: Object.fromEntries(
          endpoint.file.map((type) => [type, { schema: { type: "string", format: "binary" } }]),
        ),
      };
    } else if (!endpoint.answer) {
      response[success] = { description: success === 204 ? "Done; no content." : "Done.", type: "null" };
    }
    for (const status of errorStatuses(endpoint)) {
      response[status] = {
        description: errorMeanings[status],
        content: { "application/json": { schema: errorReference } },
      };
    }
    const upload =
      endpoint.body === "multipart"
        ? {
            consumes: ["multipart/form-data"],
            body: {
              type: "object",
              required: ["file"],
              properties: { file: { type: "string", format: "binary" } },
            },
          }
        : {};
    return {
      url,
      schema: {
        ...schema,
        ...upload,
        response,
        security: endpoint.access === "anyone" ? [] : [{ bearer: [] }],
      },
    };
  },
  transformObject: jsonSchemaTransformObject,
};

import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpointGroup } from "../../contract/endpoint.js";
import { refuseUndeclaredApiRoutes, registerEndpoints } from "./endpoints.js";

const greetings = endpointGroup("test", {
  create: {
    method: "POST",
    path: "/greetings/:name",
    summary: "Greet someone",
    access: "anyone",
    params: z.object({ name: z.string() }),
    body: z.object({ polite: z.boolean() }),
    status: 201,
    answer: z.object({ text: z.string() }),
  },
  forget: { method: "DELETE", path: "/greetings", summary: "Forget every greeting", access: "anyone", status: 204 },
});

function bareApp() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  refuseUndeclaredApiRoutes(app);
  return app;
}

describe("routes registered from endpoint declarations", () => {
  it("answer under /api/v1 with the declared status, the body parsed and the answer serialized by their schemas", async () => {
    const app = bareApp();
    registerEndpoints(app, greetings, {
      create: async (request) => ({ text: `${request.body.polite ? "Good day" : "Hi"}, ${request.params.name}` }),
      forget: async () => {},
    });
    const created = await app.inject({ method: "POST", url: "/api/v1/greetings/Ada", payload: { polite: true } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ text: "Good day, Ada" });
    const refused = await app.inject({ method: "POST", url: "/api/v1/greetings/Ada", payload: { polite: "yes" } });
    expect(refused.statusCode).toBe(400);
    const forgotten = await app.inject({ method: "DELETE", url: "/api/v1/greetings" });
    expect(forgotten.statusCode).toBe(204);
    expect(forgotten.body).toBe("");
  });

  it("refuse to start with an API route that was not declared", async () => {
    const app = bareApp();
    expect(() => app.get("/api/v1/undeclared", async () => ({}))).toThrow(/not declared in contract/);
    await app.close();
  });
});

import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { AppError, fieldError, notFound, registerErrorHandling } from "./errors.js";

/** A bare Fastify with only the error handling: each route fails in one of the ways the modules fail. */
let app: FastifyInstance;
const logged: unknown[] = [];

beforeAll(async () => {
  app = Fastify({
    bodyLimit: 100,
    logger: { level: "error", stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get("/conflict", async () => {
    throw new AppError(409, "SETTINGS_NOT_SAVED", { values: ["locked"], headers: { "x-reason": "locked" } });
  });
  typed.get("/field", async () => {
    throw fieldError("email", "EMAIL_TAKEN");
  });
  typed.get("/missing", async () => {
    throw notFound("ORGANIZER_NOT_FOUND");
  });
  typed.get("/crash", async () => {
    throw new Error("secret database detail");
  });
  typed.post(
    "/validated",
    {
      schema: {
        body: z.object({
          name: z.string().min(1).max(5),
          email: z.string().email(),
          count: z.number().int().min(1).optional(),
          code: z.string().min(3).optional(),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const call = async (method: "GET" | "POST", url: string, payload?: unknown, language = "en") => {
  const response = await app.inject({
    method,
    url,
    headers: { "accept-language": language },
    ...(payload !== undefined && { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
};

describe("error answers", () => {
  test("an AppError answers its status, its translated message with values, and its headers", async () => {
    const en = await call("GET", "/conflict");
    expect(en.status).toBe(409);
    expect(en.body).toEqual({
      error: { code: "SETTINGS_NOT_SAVED", message: "Settings could not be saved. Reason: locked." },
    });
    expect(en.headers["x-reason"]).toBe("locked");
    const fr = await call("GET", "/conflict", undefined, "fr-FR,fr;q=0.9");
    expect(fr.body.error.message).toBe("Les paramètres n'ont pas pu être enregistrés. Raison : locked.");
  });

  test("a field error names the field", async () => {
    const response = await call("GET", "/field", undefined, "es");
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: "EMAIL_TAKEN",
      message: "Ya existe una cuenta con esta dirección de correo electrónico.",
      fields: { email: "Ya existe una cuenta con esta dirección de correo electrónico." },
    });
  });

  test("notFound answers 404 with its message", async () => {
    const response = await call("GET", "/missing");
    expect(response).toMatchObject({ status: 404, body: { error: { message: "Organizer not found." } } });
  });

  test("an unexpected error answers 500 with the generic message, and is logged", async () => {
    const response = await call("GET", "/crash", undefined, "fr");
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: { code: "INTERNAL", message: "Une erreur est survenue." } });
    expect(JSON.stringify(response.body)).not.toContain("secret");
    expect(JSON.stringify(logged)).toContain("secret database detail");
  });
});

describe("validation answers", () => {
  test("one kind of problem gives its message as the headline", async () => {
    const response = await call("POST", "/validated", { name: "Al", email: "nope" });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: "EMAIL_INVALID",
      message: "Invalid email address.",
      fields: { email: "Invalid email address." },
    });
  });

  test("several kinds of problems give a general headline and one message per field", async () => {
    const response = await call("POST", "/validated", { name: "", email: "nope", count: 0, code: "ab" }, "fr");
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: "VALIDATION",
      message: "Certains champs sont invalides.",
      fields: {
        name: "Ce champ est obligatoire.",
        email: "Adresse e-mail invalide.",
        count: "Ce nombre est trop petit.",
        code: "Cette valeur est trop courte (3 caractères au moins).",
      },
    });
  });

  test("limits are named with their value", async () => {
    const response = await call("POST", "/validated", { name: "Too long", email: "a@example.test" });
    expect(response.body.error).toEqual({
      code: "FIELD_TOO_LONG",
      message: "This value is too long (at most 5 characters).",
      fields: { name: "This value is too long (at most 5 characters)." },
    });
  });

  test("missing fields are required; a missing body asks to complete all fields", async () => {
    const fields = await call("POST", "/validated", {});
    expect(fields.body.error.fields).toEqual({ name: "This field is required.", email: "This field is required." });
    const body = await call("POST", "/validated");
    expect(body.status).toBe(400);
    expect(body.body.error.message).toBe("Please complete all fields.");
  });

  test("a wrong type is invalid, not missing", async () => {
    const response = await call("POST", "/validated", { name: "Al", email: "a@example.test", count: "three" });
    expect(response.body.error.fields).toEqual({ count: "This value is not valid." });
  });

  test("Fastify's own client errors keep their 4xx status", async () => {
    const malformed = await app.inject({
      method: "POST",
      url: "/validated",
      headers: { "content-type": "application/json" },
      payload: "{oops",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe("This value is not valid.");
    const tooLarge = await call("POST", "/validated", { name: "x".repeat(200), email: "a@example.test" });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toEqual({ code: "FILE_TOO_BIG", message: "The file uploaded is too big." });
    const wrongType = await app.inject({
      method: "POST",
      url: "/validated",
      headers: { "content-type": "text/csv", "accept-language": "es" },
      payload: "a,b",
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error).toEqual({
      code: "TYPE_NOT_ACCEPTED",
      message: "El tipo de archivo enviado no se acepta.",
    });
  });
});

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../testing/test-app.js";

type Operation = {
  summary?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

let testApp: TestApp;
let document: Document;

beforeAll(async () => {
  testApp = await startTestApp();
  const answer = await testApp.request({ method: "GET", url: "/api/docs" });
  expect(answer.status).toBe(200);
  document = answer.body;
});
afterAll(() => testApp.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${route}`, operation })),
  );

/** Compiles files with the project's strictness and answers TypeScript's complaints, one line each. */
async function typeErrors(files: Record<string, string>, folder: string): Promise<string[]> {
  const names = Object.keys(files).map((name) => path.join(folder, name));
  await Promise.all(Object.entries(files).map(([name, text]) => writeFile(path.join(folder, name), text)));
  const program = ts.createProgram(names, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

describe("the OpenAPI document at /api/docs", () => {
  it("is valid OpenAPI, every reference resolved", async () => {
    // The validator resolves references in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it("documents every operation: a summary, its security and its error answers", () => {
    // Every endpoint of every feature (SPEC §7 and the product's own), not a handful.
    expect(operations().length).toBeGreaterThan(150);
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    for (const { name, operation } of operations()) {
      expect(operation.summary, name).toMatch(/\w/);
      expect(operation.security, name).toBeDefined();
      const errors = Object.entries(operation.responses).filter(([status]) => status.startsWith("4"));
      for (const [status, answer] of errors) {
        expect(answer.content?.["application/json"]?.schema?.$ref, `${name} ${status}`).toBe(
          "#/components/schemas/ErrorBody",
        );
      }
    }
    const eventList = document.paths["/api/v1/accounts/{account}/events"]?.get;
    expect(eventList?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(eventList?.responses ?? {})).toEqual(expect.arrayContaining(["200", "400", "401", "403"]));
  });

  it("gives an integrator a typed client (openapi-typescript) that the compiler holds to the API", async () => {
    const types = astToString(await openapiTS(structuredClone(document) as never));
    const folder = await mkdtemp(path.join(tmpdir(), "openapi-client-"));
    try {
      const integrator = `
        import type { paths } from "./api";
        type EventList = paths["/api/v1/accounts/{account}/events"]["get"];
        export const account: EventList["parameters"]["path"]["account"] = "an-account-id";
        type Answer = EventList["responses"][200]["content"]["application/json"];
        export const firstName = (answer: Answer): string => answer.items[0]?.name ?? "";
        type Failure = EventList["responses"][403]["content"]["application/json"];
        export const reason = (failure: Failure): string => failure.error.message;
      `;
      expect(await typeErrors({ "api.ts": types, "integrator.ts": integrator }, folder)).toEqual([]);
      const mistaken = `
        import type { paths } from "./api";
        export type Missing = paths["/api/v1/accounts/{account}/no-such-route"]["get"];
      `;
      const complaints = await typeErrors({ "api.ts": types, "mistaken.ts": mistaken }, folder);
      expect(complaints.join("\n")).toMatch(/no-such-route/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";
import type { Plugin } from "vite";
import type { Endpoint, EndpointGroup } from "../../contract/endpoint.js";
import type { Route, RouteGroup } from "./routes.js";

// The contract's declarations are TypeScript that Node reads only through tsx; Vite's config loader bundles this file
// but not what it imports at run time.
register();

const moduleId = "virtual:endpoint-routes";
const contractDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../contract");

/** What the web client needs of an endpoint: everything but its schemas, so zod stays out of the bundle. */
function routeOf(endpoint: Endpoint): Route {
  const { method, path, root, access, body, file } = endpoint;
  return {
    method,
    path,
    access,
    ...(root && { root }),
    ...(body && { body: typeof body === "string" ? body : "json" }),
    ...(file && { file: true }),
  };
}

const isGroup = (value: unknown): value is EndpointGroup =>
  typeof value === "object" && value !== null && "tag" in value && "endpoints" in value;

/** Every group exported by contract/*.endpoints.ts, by export name, reduced to its routes. */
async function routeTable(): Promise<Record<string, RouteGroup>> {
  const files = readdirSync(contractDir).filter((file) => file.endsWith(".endpoints.ts"));
  const table: Record<string, RouteGroup> = {};
  for (const file of files.sort()) {
    const exported: Record<string, unknown> = await import(pathToFileURL(path.join(contractDir, file)).href);
    for (const [name, group] of Object.entries(exported)) {
      if (!isGroup(group)) continue;
      const endpoints = Object.entries(group.endpoints).map(([key, endpoint]) => [key, routeOf(endpoint)]);
      table[name] = { tag: group.tag, endpoints: Object.fromEntries(endpoints) };
    }
  }
  return table;
}

/**
 * Serves `virtual:endpoint-routes`, the route table of contract/*.endpoints.ts without their zod schemas (web/api/
 * routes.ts). Built once per build or dev server from the same declarations the server registers, so the two cannot
 * drift; the web imports the groups themselves only as types.
 */
export function endpointRoutes(): Plugin {
  const resolvedId = `\0${moduleId}`;
  return {
    name: "endpoint-routes",
    resolveId: (id) => (id === moduleId ? resolvedId : null),
    async load(id) {
      if (id !== resolvedId) return null;
      return `export default ${JSON.stringify(await routeTable())};`;
    },
  };
}

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, inject } from "vitest";
import { buildApp, closeContext, createContext } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import { type DatabaseHandle, openDatabase } from "../db/connection.js";
import { roundTripCounter } from "../db/round-trips.testing.js";
import type { AppContext } from "../platform/context.js";
import { migratedDump } from "./migrated-database.js";
import { createScratchDatabase } from "./scratch-database.js";

/**
 * A whole server for one test file, on a database of its own: an in-memory PGlite by default, a fresh database on
 * the PostgreSQL server when TEST_DATABASE_URL is set (CI sets it), so both drivers run the same suite.
 */
export type TestApp = {
  app: FastifyInstance;
  context: AppContext;
  request(options: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
};

export type RequestOptions = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  token?: string;
  body?: unknown;
  language?: string;
  headers?: Record<string, string>;
};

// Tests read answers loosely on purpose: each assertion names the field it checks.
// biome-ignore lint/suspicious/noExplicitAny: see above
export type TestResponse = { status: number; body: any; headers: Record<string, unknown> };

/** How the server reaches the test's database on the PostgreSQL server: its own URL, or another (a proxy's). */
type DatabaseRoute = (url: string) => Promise<string>;

/** A new database for the test's app, a copy of the run's migrated database (migrated-database.ts). */
async function openTestDatabase(route?: DatabaseRoute): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const migrated = inject("migratedDatabase");
  if ("dumpFile" in migrated) {
    return { handle: await openDatabase({ copyOf: await migratedDump(migrated.dumpFile) }), drop: async () => {} };
  }
  const { url, drop } = await createScratchDatabase(migrated.serverUrl, "test", migrated.template);
  return { handle: await openDatabase({ url: route ? await route(url) : url }), drop };
}

export async function startTestApp(
  environment: Record<string, string> = {},
  overrides: Partial<Config> = {},
  options: { routeDatabase?: DatabaseRoute } = {},
): Promise<TestApp> {
  const { handle, drop } = await openTestDatabase(options.routeDatabase);
  // Uploaded files of a test go to a folder of its own, removed on close.
  const dataDir = await mkdtemp(path.join(tmpdir(), "event-test-"));
  const config = {
    // Injected requests come from 127.0.0.1, which stands for a trusted proxy: a test names the client it plays in
    // X-Forwarded-For. A test of the default (no proxy trusted) passes TRUST_PROXY: "".
    ...loadConfig({
      LOG_LEVEL: "silent",
      JOB_POLL_SECONDS: "0.5",
      DATA_DIR: dataDir,
      TRUST_PROXY: "loopback",
      ...environment,
    }),
    webDistDir: undefined,
    ...overrides,
  };
  const context = await createContext(config, handle);
  const app = await buildApp(context);
  await app.ready();
  return {
    app,
    context,
    async request({ method, url, token, body, language, headers }) {
      const response = await app.inject({
        method,
        url,
        headers: {
          ...(token && { authorization: `Bearer ${token}` }),
          ...(language && { "accept-language": language }),
          ...headers,
        },
        ...(body !== undefined && { payload: body as object }),
      });
      const isJson = String(response.headers["content-type"] ?? "").includes("json");
      return { status: response.statusCode, body: isJson ? response.json() : response.body, headers: response.headers };
    },
    async close() {
      await app.close();
      await closeContext(context);
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test app of a test file: started before its tests, closed after them. It stands for the app until then, so the
 * file keeps it in a `const` and its helpers take it at the top level.
 */
export function testAppForFile(
  environment: Record<string, string> = {},
  overrides: Partial<Config> = {},
  options: { routeDatabase?: DatabaseRoute } = {},
): TestApp {
  let started: TestApp | undefined;
  const app = madeBeforeAll(async () => {
    started = await startTestApp(environment, overrides, options);
    return started;
  });
  // Closes only what started: a start that failed has already said why.
  afterAll(async () => {
    await started?.close();
  });
  return app;
}

/**
 * What `make` answers, made once before the file's tests (after the set-up declared above it) and read through the
 * returned stand-in: `const owner = madeBeforeAll(() => registerAccount(t))` replaces a `let` filled in `beforeAll`.
 */
export function madeBeforeAll<T extends object>(make: () => Promise<T>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  const current = (): T => {
    if (!made) throw new Error("read before the beforeAll that makes it");
    return made;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const value = Reflect.get(current(), key);
      return typeof value === "function" ? value.bind(current()) : value;
    },
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    // Reported configurable: the stand-in's own target is empty, and a proxy may not claim a fixed key it lacks.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/**
 * Calls signed in as one user. The token is read at each call, so a user made before all tests (`madeBeforeAll`) can
 * be passed at the top level.
 */
export function client(t: TestApp, user: { token: string }) {
  return {
    get: (url: string, language?: string) => t.request({ method: "GET", url, token: user.token, language }),
    post: (url: string, body: unknown = {}, language?: string) =>
      t.request({ method: "POST", url, token: user.token, body, language }),
    delete: (url: string, language?: string) => t.request({ method: "DELETE", url, token: user.token, language }),
  };
}

/**
 * GET and POST as `user()`, unless a call names another token: most calls of an API test come from one organizer,
 * the others name the reader or the outsider they play.
 */
export function callsAs(t: TestApp, user: () => { token: string }) {
  return {
    get: (url: string, token = user().token, language?: string) => t.request({ method: "GET", url, token, language }),
    post: (url: string, body: unknown = {}, token = user().token, language?: string) =>
      t.request({ method: "POST", url, token, body, language }),
  };
}

/**
 * The file's test app, its database reached through a `roundTripCounter`: `counter()` once the app is started (before
 * each test), closed after the file's tests. Its job runner polls once a minute, not every 2 seconds on each queue:
 * the polls would otherwise fall into most of the requests counted on a loaded machine.
 */
export function testAppCountingRoundTrips(environment: Record<string, string>) {
  let counter: Awaited<ReturnType<typeof roundTripCounter>> | undefined;
  const t = testAppForFile(
    { JOB_POLL_SECONDS: "60", ...environment },
    {},
    {
      routeDatabase: async (url) => {
        counter = await roundTripCounter(url);
        return counter.url;
      },
    },
  );
  afterAll(async () => {
    await counter?.close();
  });
  return {
    t,
    counter() {
      if (!counter) throw new Error("the proxy is not started");
      return counter;
    },
  };
}

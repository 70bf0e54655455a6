import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../app.js";
import { startTestApp, type TestApp } from "../testing/test-app.js";

/*
 * The per-address limits count the client's address: the connection's own unless it comes from a proxy named by
 * TRUST_PROXY. Injected requests come from 127.0.0.1. The limit used: 20 reset requests per address per hour.
 */
let t: TestApp;
/** The same server, database and all, built to trust the proxy at 127.0.0.1 (where injected requests come from). */
let behindProxy: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: "" });
  behindProxy = await buildApp({
    ...t.context,
    config: { ...t.context.config, trustedProxies: ["10.0.0.1", "127.0.0.1/32"] },
  });
});
afterAll(async () => {
  await behindProxy?.close();
  await t?.close();
});

async function forgotPassword(app: FastifyInstance, forwardedFor: string, n: number) {
  const response = await app.inject({
    method: "POST",
    url: "/api/v1/auth/forgot-password",
    payload: { email: `nobody${n}@example.test` },
    headers: { "x-forwarded-for": forwardedFor },
  });
  return { status: response.statusCode, body: response.json() };
}

describe("client address behind proxies", () => {
  test("by default no proxy is trusted: a made-up X-Forwarded-For does not give a fresh budget", async () => {
    for (let n = 1; n <= 20; n++) {
      expect((await forgotPassword(t.app, `203.0.113.${n}`, n)).status, `request ${n}`).toBe(200);
    }
    const refused = await forgotPassword(t.app, "203.0.113.21", 21);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
  });

  test("behind a trusted proxy each client named by X-Forwarded-For has a budget of its own", async () => {
    for (let n = 1; n <= 25; n++) {
      expect((await forgotPassword(behindProxy, `198.51.100.${n}`, n)).status, `client ${n}`).toBe(200);
    }
    // One client behind the proxy keeps its own limit, whatever it puts in front of the proxy's entry.
    for (let n = 1; n <= 20; n++) {
      expect((await forgotPassword(behindProxy, `203.0.113.${n}, 198.51.100.99`, n)).status).toBe(200);
    }
    expect((await forgotPassword(behindProxy, "203.0.113.77, 198.51.100.99", 21)).status).toBe(429);
  });
});

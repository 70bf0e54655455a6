import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "./modules/accounts/accounts.tables.js";
import { guestEvent } from "./modules/guests/guests.testing.js";
import { mailsTo, registerAccount } from "./testing/fixtures.js";
import { startTestApp, type TestApp } from "./testing/test-app.js";

let t: TestApp;

// A hashed asset of the build, with the compressed copies the build writes beside it (vite.config.ts).
const hashedAsset = "/assets/index-C4fe9x2A.js";
const assetSource = `export const greeting = "${"hello ".repeat(400)}";`;

beforeAll(async () => {
  // A stand-in for the built web app: what matters here is how the server fills the page attributes.
  const webDir = mkdtempSync(path.join(tmpdir(), "web-"));
  writeFileSync(path.join(webDir, "index.html"), '<!doctype html><html lang="en"><head></head><body></body></html>');
  writeFileSync(path.join(webDir, "app.js"), "console.log('app')");
  mkdirSync(path.join(webDir, "assets"));
  const asset = path.join(webDir, hashedAsset);
  writeFileSync(asset, assetSource);
  writeFileSync(`${asset}.br`, brotliCompressSync(assetSource));
  writeFileSync(`${asset}.gz`, gzipSync(assetSource));
  t = await startTestApp({}, { webDistDir: webDir });
});
afterAll(async () => {
  await t?.close();
});

describe("web app serving", () => {
  it("answers every page path with index.html, lang taken from the path", async () => {
    const french = await t.request({ method: "GET", url: "/fr/admin/forgot-password" });
    expect(french.status).toBe(200);
    expect(french.body).toContain('<html lang="fr" data-account-id=""');
    const spanish = await t.request({ method: "GET", url: "/es/my-event/admin" });
    expect(spanish.body).toContain('lang="es"');
  });

  it("answers the site's root, a folder of the build, with the page too", async () => {
    const root = await t.request({ method: "GET", url: "/" });
    expect(root.status).toBe(200);
    expect(root.body).toContain('<html lang="en" data-account-id=""');
  });

  it("writes the account identifier on the root element when the host is the account's domain", async () => {
    const owner = await registerAccount(t);
    await t.context.db
      .update(accounts)
      .set({ defaultDomain: "events.acme.test" })
      .where(eq(accounts.id, owner.accountId));
    const page = await t.request({ method: "GET", url: "/admin", headers: { host: "events.acme.test" } });
    expect(page.body).toContain(`data-account-id="${owner.accountId}"`);
  });

  it("serves built files and answers JSON 404 for unknown API paths and missing files", async () => {
    expect((await t.request({ method: "GET", url: "/app.js" })).body).toContain("console.log");
    const api = await t.request({ method: "GET", url: "/api/v1/nothing-here", language: "es" });
    expect(api.status).toBe(404);
    expect(api.body.error).toEqual({ code: "NOT_FOUND", message: "No encontrado." });
    expect((await t.request({ method: "GET", url: "/missing.js" })).status).toBe(404);
  });
});

describe("asset delivery", () => {
  const asset = (acceptEncoding?: string) =>
    t.app.inject({
      method: "GET",
      url: hashedAsset,
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });

  it("sends the build's brotli or gzip copy of an asset as the browser accepts, the asset itself otherwise", async () => {
    const brotli = await asset("gzip, deflate, br");
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toContain("javascript");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(assetSource);
    expect(brotli.rawPayload.length).toBeLessThan(assetSource.length / 10);

    const gzip = await asset("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(assetSource);

    const plain = await asset();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(assetSource);
  });

  it("lets browsers keep hashed assets for a year and checks the page and unhashed files at each use", async () => {
    for (const encoding of ["br", "gzip", undefined]) {
      expect((await asset(encoding)).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    expect((await t.request({ method: "GET", url: "/app.js" })).headers["cache-control"]).toBe("no-cache");
    for (const url of ["/", "/en/admin/events", "/no-such-event"]) {
      expect((await t.request({ method: "GET", url })).headers["cache-control"], url).toBe("no-cache");
    }
  });
});

describe("answers for what does not exist", () => {
  it("answers an unknown event's public pages with the web app and status 404, a known one's with 200", async () => {
    const owner = await registerAccount(t);
    const event = await guestEvent(t, owner, { name: "Known gala" });
    for (const url of ["/en/no-such-event", "/no-such-event", "/fr/no-such-event/register", "/es", "/Not-A-Slug"]) {
      const page = await t.request({ method: "GET", url });
      expect(page.status, url).toBe(404);
      expect(page.headers["content-type"], url).toContain("text/html");
      expect(page.body, url).toContain("<html lang=");
    }
    for (const url of [`/en/${event.slug}`, `/${event.slug}`, `/${event.slug}/member?token=x`]) {
      expect((await t.request({ method: "GET", url })).status, url).toBe(200);
    }
  });

  it("answers the back office and sign-in pages with 200 whatever follows, the app shows its own not-found page", async () => {
    for (const url of ["/admin", "/fr/admin/events/whatever", "/no-such-event/admin", "/es/no-such-event/admin", "/"]) {
      const page = await t.request({ method: "GET", url });
      expect(page.status, url).toBe(200);
      expect(page.headers["content-type"], url).toContain("text/html");
    }
  });

  it("answers the JSON 404 under /api/ and the legacy JSON routes' paths, never the web app", async () => {
    const owner = await registerAccount(t);
    const event = await guestEvent(t, owner, { name: "Legacy gala" });
    const unknown = [
      { method: "GET", url: "/api/v1/nothing-here" },
      { method: "GET", url: "/api" },
      { method: "GET", url: `/${event.slug}/admin/invits/nothing` },
      { method: "GET", url: `/${event.slug}/admin/statistics/nothing` },
      { method: "GET", url: `/${event.slug}/admin/duplicates/nothing` },
      { method: "GET", url: `/en/${event.slug}/admin/imports` },
      { method: "GET", url: `/${event.slug}/recommendations/nothing` },
      { method: "GET", url: `/en/${event.slug}/forms/sendForm` },
      { method: "POST", url: `/${event.slug}/admin/invits/get` },
      { method: "POST", url: `/${event.slug}` },
      { method: "POST", url: "/en/admin" },
      { method: "DELETE", url: "/no-such-event/admin/anything" },
    ] as const;
    for (const { method, url } of unknown) {
      const answer = await t.request({ method, url, language: "fr" });
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.headers["content-type"], `${method} ${url}`).toContain("application/json");
      expect(answer.body, `${method} ${url}`).toEqual({ error: { code: "NOT_FOUND", message: "Introuvable." } });
    }
  });
});

describe("development mailbox", () => {
  it("lists every stored mail and shows one with its links usable", async () => {
    const owner = await registerAccount(t);
    await t.request({ method: "POST", url: "/api/v1/auth/forgot-password", body: { email: owner.email } });
    const [mail] = await mailsTo(t, owner.email);
    expect(mail?.status).toBe("stored");
    const list = await t.request({ method: "GET", url: "/dev/mailbox" });
    expect(list.status).toBe(200);
    expect(list.body).toContain(owner.email);
    expect(list.body).toContain(`/dev/mailbox/${mail?.id}`);
    const shown = await t.request({ method: "GET", url: `/dev/mailbox/${mail?.id}` });
    expect(shown.body).toContain("Reset your password");
    expect(shown.body).toContain("reset-password?token=");
    expect((await t.request({ method: "GET", url: "/dev/mailbox/not-a-mail" })).status).toBe(404);
  });
});

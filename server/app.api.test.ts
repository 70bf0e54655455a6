import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "./modules/accounts/accounts.tables.js";
import { mailsTo, registerAccount } from "./testing/fixtures.js";
import { startTestApp, type TestApp } from "./testing/test-app.js";

let t: TestApp;

beforeAll(async () => {
  // A stand-in for the built web app: what matters here is how the server fills the page attributes.
  const webDir = mkdtempSync(path.join(tmpdir(), "web-"));
  writeFileSync(path.join(webDir, "index.html"), '<!doctype html><html lang="en"><head></head><body></body></html>');
  writeFileSync(path.join(webDir, "app.js"), "console.log('app')");
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

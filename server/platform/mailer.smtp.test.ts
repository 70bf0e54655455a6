import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp, closeContext, createContext } from "../app.js";
import { loadConfig } from "../config.js";
import { type DatabaseHandle, openDatabase } from "../db/connection.js";
import { mailsTo, registerAccount } from "../testing/fixtures.js";
import { createScratchDatabase } from "../testing/scratch-database.js";
import { header, startSmtpServer, waitFor } from "../testing/smtp.js";
import { startTestApp, type TestApp } from "../testing/test-app.js";
import { mails } from "./mail.tables.js";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

describe("delivery over SMTP", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Eventdesk <no-reply@eventdesk.test>" });
  });
  afterAll(async () => {
    await t?.close();
  });

  test("a reset mail reaches the SMTP server and its row is marked sent", async () => {
    const owner = await registerAccount(t, { email: "smtp-user@example.test" });
    expect(t.context.mailer.usesOutbox).toBe(false);
    const response = await t.request({
      method: "POST",
      url: "/api/v1/auth/forgot-password",
      body: { email: owner.email },
    });
    expect(response.status).toBe(200);

    const message = await waitFor(
      async () => smtp.received.find((m) => m.to.includes(owner.email)),
      "the mail at the SMTP server",
    );
    expect(message.from).toBe("no-reply@eventdesk.test");
    expect(header(message.raw, "To")).toBe(owner.email);
    expect(header(message.raw, "Subject")).toBe("Reset your password");
    expect(message.raw).toContain("reset-password?token=");

    const [row] = await mailsTo(t, owner.email);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, template: "auth.password_reset" });
    expect(row?.sentAt).not.toBeNull();
  });

  test("without an SMTP server configured, no /dev/mailbox is exposed", async () => {
    expect((await t.request({ method: "GET", url: "/dev/mailbox" })).status).toBe(404);
  });

  test("a refused recipient is retried later, then given up after 5 attempts", async () => {
    const owner = await registerAccount(t, { email: "bounce-me@example.test" });
    await t.request({ method: "POST", url: "/api/v1/auth/forgot-password", body: { email: owner.email } });
    const failed = await waitFor(async () => {
      const [row] = await t.context.db.select().from(mails).where(eq(mails.toAddress, owner.email));
      return row?.lastError ? row : undefined;
    }, "the failed attempt");
    expect(failed).toMatchObject({ status: "queued", attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/550/);

    // Four attempts already made: the next failure is the last one.
    await t.context.db.update(mails).set({ attempts: 4 }).where(eq(mails.id, failed.id));
    await t.context.mailer.kick();
    const given = await waitFor(async () => {
      const [row] = await t.context.db.select().from(mails).where(eq(mails.id, failed.id));
      return row?.status === "failed" ? row : undefined;
    }, "the mail to be given up");
    expect(given.attempts).toBe(5);
    expect(smtp.received.some((m) => m.to.includes(owner.email))).toBe(false);
  });
});

/**
 * One database opened twice, as two successive server processes would: a PostgreSQL database when
 * TEST_DATABASE_URL is set, else an on-disk PGlite folder (in-memory PGlite would not outlive the first instance).
 */
async function reopenableDatabase(): Promise<{ open(): Promise<DatabaseHandle>; remove(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const folder = mkdtempSync(path.join(tmpdir(), "mailer-restart-"));
    return {
      open: () => openDatabase({ dataDir: folder }),
      remove: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const { url, drop } = await createScratchDatabase(serverUrl, "test");
  return { open: () => openDatabase({ url }), remove: drop };
}

async function startInstance(database: DatabaseHandle, pollSeconds: string) {
  const config = loadConfig({ LOG_LEVEL: "silent", JOB_POLL_SECONDS: pollSeconds, SMTP_URL: smtp.url });
  config.webDistDir = undefined;
  const context = await createContext(config, database);
  const app = await buildApp(context);
  await app.ready();
  return {
    context,
    app,
    async close() {
      await app.close();
      await closeContext(context);
    },
  };
}

describe("restart", () => {
  test("a mail queued by an instance that stops before delivering is delivered by the next one", async () => {
    const database = await reopenableDatabase();
    try {
      // The first instance polls its queue rarely: it stops before its worker would take the delivery job.
      const first = await startInstance(await database.open(), "120");
      const register = await first.app.inject({
        method: "POST",
        url: "/api/v1/auth/register",
        payload: {
          email: "restart@example.test",
          password: "Str0ng&Secure-pass",
          passwordConfirmation: "Str0ng&Secure-pass",
          firstName: "Rita",
          lastName: "Restart",
          accountName: "Restart Co",
        },
      });
      expect(register.statusCode).toBe(201);
      const forgot = await first.app.inject({
        method: "POST",
        url: "/api/v1/auth/forgot-password",
        headers: { "accept-language": "es" },
        payload: { email: "restart@example.test" },
      });
      expect(forgot.statusCode).toBe(200);
      await first.close();

      const reopened = await database.open();
      const [pending] = await reopened.db.select().from(mails).where(eq(mails.toAddress, "restart@example.test"));
      expect(pending).toMatchObject({ status: "queued", attempts: 0 });
      expect(smtp.received.some((m) => m.to.includes("restart@example.test"))).toBe(false);

      const second = await startInstance(reopened, "0.5");
      try {
        const message = await waitFor(
          async () => smtp.received.find((m) => m.to.includes("restart@example.test")),
          "the mail queued before the restart",
          30_000,
        );
        expect(header(message.raw, "Subject")).toBe("Restablezca su contraseña");
        const delivered = await waitFor(async () => {
          const [row] = await second.context.db
            .select()
            .from(mails)
            .where(sql`${mails.id} = ${pending?.id} and ${mails.status} = 'sent'`);
          return row;
        }, "the row to be marked sent");
        expect(delivered.attempts).toBe(1);
      } finally {
        await second.close();
      }
    } finally {
      await database.remove();
    }
  }, 120_000);
});

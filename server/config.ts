import path from "node:path";
import { z } from "zod";

/** Every environment variable the server reads, parsed and defaulted in one place (DESIGN.md §5). */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Event Platform <no-reply@localhost>"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  SENTRY_DSN: z.string().optional(),
  /** Signs the captcha challenges; unset, a secret generated once is kept in the database for every instance. */
  CAPTCHA_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Seconds between two polls of the job queue; tests shorten it. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /**
   * Form submissions and uploads one address may send per minute. A venue's guests often share one address (wifi,
   * NAT): an instance where they register on site can raise it; the benchmark does.
   */
  PUBLIC_FORM_POSTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  sentryDsn: string | undefined;
  captchaSecret: string | undefined;
  logLevel: z.infer<typeof environmentSchema>["LOG_LEVEL"];
  jobPollSeconds: number;
  publicFormPostsPerMinute: number;
  /** Where the built web app lives; absent in API-only tests. */
  webDistDir: string | undefined;
};

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ""));
  const env = environmentSchema.parse(blankAsUnset);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    sentryDsn: env.SENTRY_DSN,
    captchaSecret: env.CAPTCHA_SECRET,
    logLevel: env.LOG_LEVEL,
    jobPollSeconds: env.JOB_POLL_SECONDS,
    publicFormPostsPerMinute: env.PUBLIC_FORM_POSTS_PER_MINUTE,
    webDistDir: path.resolve("dist/web"),
  };
}

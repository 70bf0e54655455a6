import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

/** The names Fastify's proxy check knows for ranges of addresses, beside plain addresses and CIDRs. */
const proxyRangeNames = ["loopback", "linklocal", "uniquelocal"];

/** An address (203.0.113.7, ::1), a CIDR (10.0.0.0/8, fd00::/8) or one of `proxyRangeNames`. */
function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Every environment variable the server reads, parsed and defaulted in one place (DESIGN.md §5). */
const environmentSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    /**
     * Connections the kernel holds for the server before it accepts them. Node's 511 is short for the second tickets
     * go on sale: thousands of buyers connect at once, and those past it wait for TCP to try again (a second, then
     * three...). Linux takes the least of this and net.core.somaxconn.
     */
    LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65535).default(4096),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z.string().url().optional(),
    PUBLIC_URL: z.string().url().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default("Event Platform <no-reply@localhost>"),
    /**
     * A directory of DKIM private keys, one PEM file per domain and selector named `<domain>.<selector>.pem`
     * (example.com.mail2026.pem): mails from an address of that domain (or a subdomain) are signed with it.
     */
    DKIM_KEYS_DIR: z.string().optional(),
    /** A test (sk_test_, rk_test_) or live (sk_live_, rk_live_) key; unset, card payments go to the test simulator. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/)
      .optional(),
    /** The key Stripe.js runs with in the browser, of the same mode as the secret key. */
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\S+$/)
      .optional(),
    /**
     * Checks the signature of Stripe's webhook calls (whsec_...). Required with STRIPE_SECRET_KEY: a card payment
     * confirmed after 3-D Secure, a late success or a refund's outcome reach the orders only by webhook, so a
     * platform taking real cards without it would lose payments silently. The server refuses to start instead.
     */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S+$/)
      .optional(),
    /** Another address for Stripe's API, such as the tests' local fake: `http://127.0.0.1:12111`. */
    STRIPE_API_URL: z.string().url().optional(),
    SENTRY_DSN: z.string().optional(),
    /** Signs the captcha challenges; unset, a secret generated once is kept in the database for every instance. */
    CAPTCHA_SECRET: z.string().min(16).optional(),
    /**
     * The addresses whose users are platform administrators, comma-separated; case and spaces around them do not
     * count (users' addresses are stored lower-cased).
     */
    PLATFORM_ADMIN_EMAILS: z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ message: "list email addresses, comma-separated" })))
      .optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Seconds between two polls of the job queue; tests shorten it. */
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
    /**
     * Form submissions and uploads one address may send per minute. A venue's guests often share one address (wifi,
     * NAT): an instance where they register on site can raise it; the benchmark does.
     */
    PUBLIC_FORM_POSTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /**
     * Cart, checkout and simulator card-form calls one address may send per minute to the ticket shop (a buyer sends a
     * few).
     */
    PUBLIC_SHOP_POSTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    /**
     * How long one statement of a guest search or list page may run on a PostgreSQL server before it is cancelled
     * and the caller asked to narrow it (the embedded database cannot interrupt a statement).
     */
    LIST_TIMEOUT_SECONDS: z.coerce.number().min(0.001).max(600).default(5),
    /**
     * Server processes on this machine, sharing its port (one per core uses them all: a Node process runs on one).
     * Several need a PostgreSQL server: the embedded database belongs to one process.
     */
    WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * Tests only: "1" holds every settlement of a succeeded card payment forever, so that a test can kill the process
     * between the provider's answer and the settlement (ticketing/orders/checkout.crash.test.ts). Never set it on a
     * server that takes payments: its buyers would pay and get nothing until it restarts without it.
     */
    TEST_HOLD_PAYMENT_SETTLEMENTS: z.enum(["1"]).optional(),
    /** Send records per campaign send job (one pg-boss job per batch). */
    CAMPAIGN_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
    /** SMTP connections the campaign transport keeps open (nodemailer pool). */
    CAMPAIGN_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
    /** Campaign mails one process hands to SMTP per second at most; 0 sends as fast as the server answers. */
    CAMPAIGN_MAX_PER_SECOND: z.coerce.number().min(0).default(0),
    /**
     * Seconds a sender owns the send records it took (renewed while it works): after a crash, another instance takes
     * them once the lease ran out. Tests shorten it.
     */
    CAMPAIGN_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(120),
    /** SMTP attempts of a campaign mail refused for a while (4xx, connection lost) before it is given up as error. */
    CAMPAIGN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
    /**
     * Badges per part of a batch PDF (server/modules/ebadges/ebadge-batches.ts): its progress moves a part at a time,
     * and a batch stopped midway draws one part again at most. A batch's parts are counted in this size from start to
     * end: change it while no batch is queued or running.
     */
    EBADGE_CHUNK_SIZE: z.coerce.number().int().min(1).max(10_000).default(100),
    /** Signs the tracking links of campaign mails (open, click, unsubscribe); unset, derived from the captcha secret. */
    CAMPAIGN_TRACKING_SECRET: z.string().min(16).optional(),
    /** Checks the HMAC-SHA256 signature of the mail provider's webhook calls; unset, the webhook refuses every call. */
    CAMPAIGN_WEBHOOK_SECRET: z.string().min(16).optional(),
    /**
     * The proxies (load balancer, CDN) whose X-Forwarded-For names the client, comma-separated. Unset, no proxy is
     * trusted and the client is the connection's own address: anyone could otherwise make up the header and get a
     * fresh rate-limit budget at each request. A hop count is not offered: Fastify cannot check the proxy with it.
     */
    TRUST_PROXY: z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.every(isProxyAddress), {
        message: `list addresses or CIDRs (or ${proxyRangeNames.join(", ")}), comma-separated`,
      })
      .optional(),
  })
  .superRefine((env, context) => {
    if (env.WORKERS > 1 && !env.DATABASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["WORKERS"],
        message: "set DATABASE_URL to run several workers: the embedded database allows one process",
      });
    }
    // Stripe.js cannot confirm a payment without the publishable key, nor one made with a key of the other mode.
    if (!env.STRIPE_SECRET_KEY) return;
    const mode = (key: string) => key.split("_")[1];
    if (!env.STRIPE_PUBLISHABLE_KEY || mode(env.STRIPE_PUBLISHABLE_KEY) !== mode(env.STRIPE_SECRET_KEY)) {
      context.addIssue({
        code: "custom",
        path: ["STRIPE_PUBLISHABLE_KEY"],
        message: "set it, in the same mode (test or live) as STRIPE_SECRET_KEY",
      });
    }
    if (!env.STRIPE_WEBHOOK_SECRET) {
      context.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message:
          "set it with STRIPE_SECRET_KEY: the signing secret (whsec_...) of the webhook endpoint /api/v1/payments/webhook",
      });
    }
  });

export type Config = {
  port: number;
  host: string;
  /** LISTEN_BACKLOG: connections waiting to be accepted. */
  listenBacklog: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** DKIM_KEYS_DIR, resolved; unset, no mail is DKIM-signed (server/platform/dkim.ts). */
  dkimKeysDir: string | undefined;
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiUrl: string | undefined;
  sentryDsn: string | undefined;
  captchaSecret: string | undefined;
  /** PLATFORM_ADMIN_EMAILS, lower-cased: see server/modules/auth/platform-admins.ts for when they take effect. */
  platformAdminEmails: string[];
  logLevel: z.infer<typeof environmentSchema>["LOG_LEVEL"];
  jobPollSeconds: number;
  publicFormPostsPerMinute: number;
  publicShopPostsPerMinute: number;
  listTimeoutSeconds: number;
  workers: number;
  /** TEST_HOLD_PAYMENT_SETTLEMENTS: tests only. */
  holdPaymentSettlements: boolean;
  /** The campaign sending engine (server/modules/campaigns/sending): CAMPAIGN_* variables. */
  campaigns: {
    batchSize: number;
    smtpConnections: number;
    maxPerSecond: number;
    leaseSeconds: number;
    maxAttempts: number;
    trackingSecret: string | undefined;
    webhookSecret: string | undefined;
  };
  /** EBADGE_CHUNK_SIZE: badges per part of a batch PDF. */
  ebadgeChunkSize: number;
  /** Addresses and ranges of the proxies trusted to name the client (TRUST_PROXY); empty, none is. */
  trustedProxies: string[];
  /** Where the built web app lives; absent in API-only tests. */
  webDistDir: string | undefined;
};

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ""));
  const env = environmentSchema.parse(blankAsUnset);
  return {
    port: env.PORT,
    host: env.HOST,
    listenBacklog: env.LISTEN_BACKLOG,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    dkimKeysDir: env.DKIM_KEYS_DIR === undefined ? undefined : path.resolve(env.DKIM_KEYS_DIR),
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: env.STRIPE_API_URL,
    sentryDsn: env.SENTRY_DSN,
    captchaSecret: env.CAPTCHA_SECRET,
    platformAdminEmails: env.PLATFORM_ADMIN_EMAILS ?? [],
    logLevel: env.LOG_LEVEL,
    jobPollSeconds: env.JOB_POLL_SECONDS,
    publicFormPostsPerMinute: env.PUBLIC_FORM_POSTS_PER_MINUTE,
    publicShopPostsPerMinute: env.PUBLIC_SHOP_POSTS_PER_MINUTE,
    listTimeoutSeconds: env.LIST_TIMEOUT_SECONDS,
    workers: env.WORKERS,
    holdPaymentSettlements: env.TEST_HOLD_PAYMENT_SETTLEMENTS === "1",
    campaigns: {
      batchSize: env.CAMPAIGN_BATCH_SIZE,
      smtpConnections: env.CAMPAIGN_SMTP_CONNECTIONS,
      maxPerSecond: env.CAMPAIGN_MAX_PER_SECOND,
      leaseSeconds: env.CAMPAIGN_LEASE_SECONDS,
      maxAttempts: env.CAMPAIGN_MAX_ATTEMPTS,
      trackingSecret: env.CAMPAIGN_TRACKING_SECRET,
      webhookSecret: env.CAMPAIGN_WEBHOOK_SECRET,
    },
    ebadgeChunkSize: env.EBADGE_CHUNK_SIZE,
    trustedProxies: env.TRUST_PROXY ?? [],
    webDistDir: path.resolve("dist/web"),
  };
}

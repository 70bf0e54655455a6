import { spawn } from "node:child_process";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { personalizer, renderCampaign } from "../server/modules/campaigns/campaign-render.js";
import { campaigns } from "../server/modules/campaigns/campaigns.tables.js";
import { beginSend, enqueueBatches } from "../server/modules/campaigns/sending/campaign-send.js";
import { campaignContent, seedSendableCampaign } from "../server/modules/campaigns/sending/sending.testing.js";
import { trackedHtml, trackingUrls } from "../server/modules/campaigns/tracking/tracking-links.js";
import { events } from "../server/modules/events/events.tables.js";
import type { AppContext } from "../server/platform/context.js";

/**
 * Issue 19's speed figure: a campaign of 20,000 personalised mails (rendered once, merge tags, signed click links,
 * open pixel, List-Unsubscribe, a record per mail) to an smtp-server sink on loopback, against a bare nodemailer pool
 * of the same connections sending the same 20,000 mails (same HTML) to the same sink, in the same run. Then the
 * recording of a 100,000-guest campaign's send records (one INSERT … SELECT) and its credits, timed and rolled back.
 * The sink runs in a process of its own, as a provider would. Nothing here fails a build on a timing.
 */
const mailCount = Number(process.env.BENCH_MAILS ?? 20_000);
const recordCount = Number(process.env.BENCH_RECORDS ?? 100_000);
const smtpConnections = Number(process.env.CAMPAIGN_SMTP_CONNECTIONS ?? 5);

/** An smtp-server on loopback in a child process; answers 250 to everything. */
async function startSink() {
  const script = `
    import { SMTPServer } from "smtp-server";
    const server = new SMTPServer({ authOptional: true, disabledCommands: ["STARTTLS"], logger: false,
      onData(stream, _session, callback) { stream.on("data", () => {}); stream.on("end", () => callback()); } });
    server.listen(0, "127.0.0.1", () => console.log("port " + server.server.address().port));`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      const match = /port (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `smtp://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

const sink = await startSink();
process.env.SMTP_URL = sink.url;
process.env.CAMPAIGN_BATCH_SIZE ??= "500";
process.env.JOB_POLL_SECONDS ??= "0.5";
const { startBenchServer, writeResults } = await import("./harness.js");
const { context, accountId, stop } = await startBenchServer();

const rate = (count: number, startedAt: number) => {
  const seconds = (performance.now() - startedAt) / 1000;
  return { mails: count, seconds: Math.round(seconds * 100) / 100, mailsPerSecond: Math.round(count / seconds) };
};

async function newEvent(label: string) {
  const [event] = await context.db
    .insert(events)
    .values({
      accountId,
      name: label,
      slug: `${label}-${Date.now()}`,
      startsAt: new Date(Date.now() + 30 * 86_400_000),
      preferredLanguage: "en",
      languages: ["en"],
    })
    .returning({ id: events.id });
  if (!event) throw new Error("no event");
  return event.id;
}

/**
 * The bare pool: the same mails (rendered once, personalised, links signed, the same headers), handed to nodemailer as
 * fast as it takes them, with nothing written anywhere.
 */
async function barePool() {
  const rendered = await renderCampaign(context, { content: { en: campaignContent("en") } }, "en");
  const personalize = personalizer(rendered);
  const transport = nodemailer.createTransport({
    url: sink.url,
    pool: true,
    maxConnections: smtpConnections,
    maxMessages: 1000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const startedAt = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: smtpConnections * 2 }, async () => {
      while (next < mailCount) {
        const index = ++next;
        const urls = trackingUrls("https://bench.example.test", "bench-secret", "00000000-0000-4000-8000-000000000000");
        const mail = personalize({
          first_name: `First${index}`,
          last_name: `Last${index}`,
          registration_link: "https://bench.example.test/en/gala",
          unsubscribe_link: urls.unsubscribe,
        });
        await transport.sendMail({
          from: { name: "Bench", address: "news@bench.test" },
          to: `bare-${index}@example.test`,
          subject: mail.subject,
          html: trackedHtml(mail.html, urls),
          text: mail.text,
          headers: {
            "List-Unsubscribe": `<${urls.unsubscribe}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        });
      }
    }),
  );
  transport.close();
  return rate(mailCount, startedAt);
}

/** The platform: the campaign's send begun (records, credits), its batches queued, until it ends `sent`. */
async function engine() {
  const eventId = await newEvent("campaign-bench");
  const campaign = await seedSendableCampaign(
    context.db,
    { accountId, eventId },
    { count: mailCount, credits: mailCount, prefix: "bench" },
  );
  const startedAt = performance.now();
  await context.db.transaction((tx) => beginSend(context, tx, campaign));
  await enqueueBatches(context, campaign.id);
  for (;;) {
    const [row] = await context.db
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(eq(campaigns.id, campaign.id));
    if (row?.status === "sent") break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return rate(mailCount, startedAt);
}

/** The records of a 100,000-guest campaign and its credits, in the send's transaction, rolled back. */
async function record100k(ctx: AppContext) {
  const eventId = await newEvent("record-bench");
  const campaign = await seedSendableCampaign(
    ctx.db,
    { accountId, eventId },
    { count: recordCount, credits: recordCount, prefix: "record" },
  );
  const startedAt = performance.now();
  let recipients = 0;
  let seconds = 0;
  await ctx.db
    .transaction(async (tx) => {
      recipients = (await beginSend(ctx, tx, campaign)).recipients;
      seconds = (performance.now() - startedAt) / 1000;
      throw new Error("rollback");
    })
    .catch((error: Error) => {
      if (error.message !== "rollback") throw error;
    });
  return { recipients, seconds: Math.round(seconds * 100) / 100, recordsPerSecond: Math.round(recipients / seconds) };
}

try {
  // Warm-up: connections, the render, the JIT.
  const bare = await barePool();
  const platform = await engine();
  const ratio = Math.round((platform.mailsPerSecond / bare.mailsPerSecond) * 100) / 100;
  const recording = await record100k(context);
  const kind = context.database.kind;
  const results = [
    { scenario: `bare nodemailer pool (${smtpConnections} connections), ${mailCount} personalised mails`, ...bare },
    { scenario: `campaign send, ${mailCount} personalised and tracked mails, a record each`, ...platform },
    { scenario: "campaign send / bare pool", ratio, target: 0.5, aim: 0.7 },
    { scenario: `record ${recordCount} recipients and reserve their credits (INSERT … SELECT)`, ...recording },
  ];
  const markdown = [
    `# Campaigns (${kind})`,
    "",
    "| scenario | mails or records | seconds | per second |",
    "| --- | --- | --- | --- |",
    `| bare nodemailer pool | ${bare.mails} | ${bare.seconds} | ${bare.mailsPerSecond} |`,
    `| campaign send | ${platform.mails} | ${platform.seconds} | ${platform.mailsPerSecond} |`,
    `| record recipients | ${recording.recipients} | ${recording.seconds} | ${recording.recordsPerSecond} |`,
    "",
    `Ratio campaign / bare: **${ratio}** (target 0.5, aim 0.7).`,
    "",
  ].join("\n");
  writeResults("campaigns", kind, results, markdown);
  console.log(markdown);
} finally {
  await stop();
  sink.stop();
}

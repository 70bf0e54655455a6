import { sql } from "drizzle-orm";
import { type FormItem, questionSchema } from "../contract/forms.js";
import { events } from "../server/modules/events/events.tables.js";
import { forms } from "../server/modules/forms/forms.tables.js";
import { guests } from "../server/modules/guests/guests.tables.js";
import { connections, durationSeconds, measure, startBenchServer, writeResults } from "./harness.js";

/**
 * Public registrations per second (issue 4, target ≥ 500/s with PostgreSQL on this 2-core machine): guests send an
 * online registration form of five questions, one a choice with a (large) quota, each submission a new email, so
 * every request creates a guest, counts a quota, writes the submission, the audit row and the confirmation mail.
 * Against an in-memory PGlite, or DATABASE_URL when set. Nothing here fails a build on a timing.
 */

// Every request of the benchmark comes from 127.0.0.1: the address limit is raised as an operator of a venue would.
process.env.PUBLIC_FORM_POSTS_PER_MINUTE = "100000000";
const { context, database, base, accountId, serverCpuMs, stop } = await startBenchServer();

const [event] = await context.db
  .insert(events)
  .values({
    accountId,
    name: "Forms bench",
    slug: `forms-bench-${Date.now()}`,
    startsAt: new Date(Date.now() + 30 * 86_400_000),
  })
  .returning({ id: events.id, slug: events.slug });
if (!event) throw new Error("no event");

const question = (input: Record<string, unknown>) => questionSchema.parse({ kind: "question", ...input });
const answers = (ids: string[], quota: number | null = null) => ids.map((id) => ({ id, label: { en: id }, quota }));
const items: FormItem[] = [
  question({
    id: "first",
    type: "short_text",
    title: { en: "First name" },
    required: true,
    target: { kind: "guest", field: "firstName" },
  }),
  question({
    id: "last",
    type: "short_text",
    title: { en: "Last name" },
    target: { kind: "guest", field: "lastName" },
  }),
  question({
    id: "company",
    type: "short_text",
    title: { en: "Company" },
    target: { kind: "guest", field: "company" },
  }),
  question({
    id: "session",
    type: "unique_choice",
    title: { en: "Session" },
    required: true,
    answers: answers(["morning"], 10_000_000),
  }),
  question({ id: "topics", type: "multiple_choice", title: { en: "Topics" }, answers: answers(["a", "b", "c"]) }),
];
const [form] = await context.db
  .insert(forms)
  .values({
    eventId: event.id,
    type: "registration",
    title: { en: "Registration" },
    items,
    publishedItems: items,
    status: "online",
    publishedAt: new Date(),
    options: {
      online: true,
      opensAt: null,
      closesAt: null,
      requiresApproval: false,
      companionsEnabled: false,
      confirmationMessage: { en: "See you!" },
    },
  })
  .returning({ id: forms.id });
if (!form) throw new Error("no form");

const bodyTemplate = JSON.stringify({
  formId: form.id,
  mail: `bench-${Date.now()}-{seq}@example.test`,
  privacyAccepted: true,
  items: { first: "Bench", last: "Guest {seq}", company: "Load Inc", session: "morning", topics: ["a", "c"] },
});
const figures = await measure(
  "POST sendForm, new guest each time",
  `${base}/en/${event.slug}/forms/sendForm/${form.id}`,
  "",
  serverCpuMs,
  connections,
  {
    method: "POST",
    headers: { "content-type": "application/json" },
    bodyTemplate,
  },
);
const [created] = await context.db
  .select({ count: sql<number>`count(*)::int` })
  .from(guests)
  .where(sql`${guests.eventId} = ${event.id}`);
await stop();

const results = [{ ...figures, submissionsPerSecond: figures.requestsPerSecond, guestsCreated: created?.count ?? 0 }];
writeResults(
  "forms",
  database.kind,
  results,
  `# Forms benchmark: public registrations\n\n${new Date().toISOString()} — ${database.kind}, Node ${process.version}, ${connections} connections, ${durationSeconds} s, 2-core machine (autocannon on the same machine).\n\n| scenario | submissions/s | p50 ms | p95 ms | p99 ms | failed | guests created |\n|---|---|---|---|---|---|---|\n| ${figures.scenario} | ${figures.requestsPerSecond} | ${figures.latencyP50ms} | ${figures.latencyP95ms} | ${figures.latencyP99ms} | ${figures.non2xx + figures.errors} | ${created?.count ?? 0} |\n\nEach submission: rate limits (address, email), the form and event read, a new guest with its answers, the quota counter, the submission, the audit row and the confirmation mail in one transaction.\n`,
);

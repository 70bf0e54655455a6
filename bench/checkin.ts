import { randomUUID } from "node:crypto";
import pg from "pg";
import { clientOf } from "../server/db/connection.js";
import { events } from "../server/modules/events/events.tables.js";
import { guests } from "../server/modules/guests/guests.tables.js";
import { guestPassCode, passCodeSecret } from "../server/platform/pass-codes.js";
import { measure, startBenchServer, writeResults } from "./harness.js";

/**
 * Issue 20, Speed: 10 staff devices scanning 50,000 distinct guests at once over HTTP (each scan one statement: the
 * pass judged, the check-in written, the live screens notified), against a bare single-row INSERT loop with the same
 * concurrency on the same database; and an offline device's upload of 5,000 stored scans. `CHECKIN_GUESTS` changes
 * the number of guests scanned.
 */
const devices = 10;
const guestCount = Number(process.env.CHECKIN_GUESTS ?? 50_000);
const uploadCount = 5000;

const { app, context, base, token, accountId, serverCpuMs, stop } = await startBenchServer();
const authorization = { authorization: `Bearer ${token}` };

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
const round = (value: number) => Math.round(value * 100) / 100;

/** `count` jobs run by `concurrency` loops at once, each timed: their rate and latency percentiles. */
async function timedLoops(count: number, concurrency: number, job: (index: number, loop: number) => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let index = next++; index < count; index = next++) {
        const began = performance.now();
        await job(index, loop);
        times.push(performance.now() - began);
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  times.sort((a, b) => a - b);
  return {
    count,
    seconds: round(seconds),
    perSecond: Math.round(count / seconds),
    latencyP50ms: round(percentile(times, 0.5)),
    latencyP99ms: round(percentile(times, 0.99)),
  };
}

async function newEventWithGuests(label: string, count: number) {
  const [event] = await context.db
    .insert(events)
    .values({
      accountId,
      name: label,
      slug: `${label}-${Date.now()}`,
      startsAt: new Date(Date.now() + 86_400_000),
      preferredLanguage: "en",
      languages: ["en"],
      maxOfflineCheckins: 3,
    })
    .returning({ id: events.id });
  if (!event) throw new Error("no event");
  const ids: string[] = [];
  for (let start = 0; start < count; start += 5000) {
    const rows = Array.from({ length: Math.min(5000, count - start) }, (_, index) => ({
      eventId: event.id,
      firstName: "Guest",
      lastName: String(start + index),
      searchText: `guest ${start + index}`,
      createdSource: "import" as const,
    }));
    ids.push(...(await context.db.insert(guests).values(rows).returning({ id: guests.id })).map((row) => row.id));
  }
  return { eventId: event.id, guestIds: ids };
}

/** A session of the event and `count` devices joined to it (each from its own address: joins are rate-limited). */
async function sessionWithDevices(eventId: string, mode: "live" | "offline", count: number) {
  const sessions = `/api/v1/events/${accountId}/${eventId}/checkins`;
  const session = (
    await app.inject({ method: "POST", url: sessions, headers: authorization, payload: { name: "Door", mode } })
  ).json();
  const code = (
    await app.inject({
      method: "POST",
      url: `/api/v1/events/${accountId}/${eventId}/checkincodes`,
      headers: authorization,
      payload: { checkinId: session.id },
    })
  ).json();
  const tokens: string[] = [];
  for (let index = 0; index < count; index++) {
    const joined = await app.inject({
      method: "POST",
      url: "/api/v1/public/checkin/join",
      headers: { "x-forwarded-for": `10.0.${index}.1` },
      payload: { code: code.code, label: `Phone ${index}` },
    });
    tokens.push(joined.json().deviceToken);
  }
  return tokens;
}

/** The same concurrency, each scan a bare INSERT of one row on a pool of its own. */
async function bareInserts(count: number) {
  const client = clientOf(context.db);
  const pool = client instanceof pg.Pool ? new pg.Pool({ ...client.options, max: devices }) : undefined;
  const run = (text: string, values: unknown[] = []) =>
    pool ? pool.query(text, values) : context.database.sql.executeSql(text, values);
  await run(
    "create table if not exists bench_bare_checkins (id uuid primary key, guest_id uuid not null, scanned_at timestamptz not null default now())",
  );
  try {
    return await timedLoops(count, devices, async () => {
      await run("insert into bench_bare_checkins (id, guest_id) values ($1, $2)", [randomUUID(), randomUUID()]);
    });
  } finally {
    await run("drop table bench_bare_checkins");
    await pool?.end();
  }
}

try {
  const secret = await passCodeSecret(context);
  const live = await newEventWithGuests("checkin-live", guestCount);
  const liveTokens = await sessionWithDevices(live.eventId, "live", devices);
  // The load comes from a process of its own (autocannon): each device a connection with its token, each guest once.
  const scans = await measure(
    `${devices} devices scanning ${guestCount} distinct guests over HTTP`,
    `${base}/api/v1/public/checkin/scan`,
    "",
    serverCpuMs,
    devices,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      connectionHeaders: liveTokens.map((device) => ({ "x-checkin-device": device })),
      bodies: live.guestIds.map((id) => JSON.stringify({ scanId: randomUUID(), code: guestPassCode(secret, id) })),
    },
  );
  const [{ accepted }] = (
    await context.database.sql.executeSql("select count(*)::int as accepted from checkins where event_id = $1", [
      live.eventId,
    ])
  ).rows as [{ accepted: number }];
  const bare = await bareInserts(guestCount);
  const ratio = round(scans.requestsPerSecond / bare.perSecond);

  const offline = await newEventWithGuests("checkin-offline", uploadCount);
  const [offlineToken] = await sessionWithDevices(offline.eventId, "offline", 1);
  const stored = offline.guestIds.map((id) => ({
    scanId: randomUUID(),
    code: guestPassCode(secret, id),
    scannedAt: new Date().toISOString(),
  }));
  const uploadStarted = performance.now();
  const upload = await fetch(`${base}/api/v1/public/checkin/sync`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-checkin-device": offlineToken ?? "" },
    body: JSON.stringify({ scans: stored }),
  });
  const uploadAnswer = await upload.json();
  const uploadSeconds = round((performance.now() - uploadStarted) / 1000);

  const kind = context.database.kind;
  const results = [
    { ...scans, accepted },
    { scenario: `bare single-row INSERT, ${devices} at once`, ...bare },
    { scenario: "scans / bare inserts", ratio, target: 0.3, aim: 0.5, p99TargetMs: 50 },
    {
      scenario: `offline upload of ${uploadCount} stored scans`,
      seconds: uploadSeconds,
      answer: uploadAnswer,
      targetSeconds: 5,
    },
  ];
  const markdown = [
    `# Check-in (${kind})`,
    "",
    "| scenario | count | seconds | per second | p50 ms | p99 ms |",
    "| --- | --- | --- | --- | --- | --- |",
    `| ${devices} devices scanning | ${guestCount} | ${round(guestCount / scans.requestsPerSecond)} | ${scans.requestsPerSecond} | ${scans.latencyP50ms} | ${scans.latencyP99ms} |`,
    `| bare INSERT | ${bare.count} | ${bare.seconds} | ${bare.perSecond} | ${bare.latencyP50ms} | ${bare.latencyP99ms} |`,
    "",
    `Ratio scans / bare: **${ratio}** (target 0.3, aim 0.5); p99 ${scans.latencyP99ms} ms (target 50). Check-ins written: ${accepted} of ${guestCount}; non-2xx: ${scans.non2xx}.`,
    "",
    `Offline upload of ${uploadCount} scans: **${uploadSeconds} s** (target 5): ${JSON.stringify(uploadAnswer)}.`,
    "",
  ].join("\n");
  writeResults("checkin", kind, results, markdown);
  console.log(markdown);
} finally {
  await stop();
}

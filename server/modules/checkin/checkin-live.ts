import { PassThrough } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Arrival, CheckinLiveMessage } from "../../../contract/checkin.js";
import type { AppContext } from "../../platform/context.js";
import { arrivalsByIds, standingCounts } from "./checkin-statistics.service.js";

/**
 * Live screens (issue 20): every check-in, undo or offline upload is announced on channel `checkins` once it has
 * committed (`announceCheckins`), on whichever instance wrote it. Each process listens once
 * (server/platform/live-updates.ts) and fans each notice out to the server-sent-event streams it holds for that event:
 * one read per burst of notices and event (the arrivals and the counts of the screens' sessions), whatever the number
 * of screens.
 */
const channel = "checkins";

/**
 * Notices go out after their statement, gathered: a process sends those of the last `noticeDelayMs` in one statement.
 * A `pg_notify` inside each scan's statement made every scan's commit take PostgreSQL's notify lock (one for the whole
 * database, held through the commit), so that the scans of all doors committed one at a time: 17% of the scan rate at
 * ten devices. A process killed in between loses at most these milliseconds of notices: a screen's counts catch up at
 * its next message, its list at its next read.
 */
const noticeDelayMs = 50;

/** A change of the event's check-ins: `s` the session, `c` the check-in (null for a whole upload), `u` an undo. */
export type Notice = { e: string; s: string | null; c: string | null; u: boolean };

type Outbox = { notices: Notice[]; sending: Promise<void> | undefined };
const outboxes = new WeakMap<AppContext, Outbox>();

/** Tells every instance's live screens of committed changes, within `noticeDelayMs`. */
export function announceCheckins(context: AppContext, notices: Notice[]) {
  if (notices.length === 0) return;
  let outbox = outboxes.get(context);
  if (!outbox) {
    outbox = { notices: [], sending: undefined };
    outboxes.set(context, outbox);
  }
  outbox.notices.push(...notices);
  outbox.sending ??= new Promise((resolve) => setTimeout(resolve, noticeDelayMs)).then(() =>
    sendNotices(context, outbox),
  );
}

async function sendNotices(context: AppContext, outbox: Outbox) {
  const notices = outbox.notices;
  outbox.notices = [];
  outbox.sending = undefined;
  try {
    await context.db.execute(
      sql`select pg_notify(${channel}, payload) from unnest(${sql.param(notices.map((notice) => JSON.stringify(notice)))}::text[]) as payload`,
    );
  } catch (error) {
    context.logger.error({ err: error, notices: notices.length }, "live check-in notices could not be sent");
  }
}

/** Sends what is waiting now (a server that stops). */
async function flushNotices(context: AppContext) {
  const outbox = outboxes.get(context);
  if (outbox?.sending) await outbox.sending;
}

/** A stream open on a session's screen: the organizer's hears the whole event, a device only its own session. */
type Screen = { eventId: string; sessionId: string; ownSessionOnly: boolean; send(message: CheckinLiveMessage): void };

type Fanout = { add(screen: Screen): Promise<() => void> };
const fanouts = new WeakMap<AppContext, Fanout>();

function fanoutOf(context: AppContext): Fanout {
  let fanout = fanouts.get(context);
  if (!fanout) {
    fanout = createFanout(context);
    fanouts.set(context, fanout);
  }
  return fanout;
}

function createFanout(context: AppContext): Fanout {
  const screens = new Map<string, Set<Screen>>();
  let pending = new Map<string, Notice[]>();
  let flushing = false;
  let listening: Promise<unknown> | undefined;

  const hear = (payload: string) => {
    const notice = JSON.parse(payload) as Notice;
    if (!screens.has(notice.e)) return;
    const notices = pending.get(notice.e) ?? [];
    notices.push(notice);
    pending.set(notice.e, notices);
    if (!flushing) {
      flushing = true;
      setImmediate(() => void flush());
    }
  };

  /** The notices heard meanwhile, one read per event: a rush of scans costs one read per screen burst. */
  const flush = async () => {
    const batch = pending;
    pending = new Map();
    try {
      await Promise.all([...batch].map(([eventId, notices]) => deliver(eventId, notices)));
    } catch (error) {
      context.logger.error({ err: error }, "live check-in messages could not be read");
    } finally {
      flushing = false;
      if (pending.size > 0) {
        flushing = true;
        setImmediate(() => void flush());
      }
    }
  };

  const deliver = async (eventId: string, notices: Notice[]) => {
    const open = [...(screens.get(eventId) ?? [])];
    if (open.length === 0) return;
    const arrivalIds = notices.flatMap((notice) => (notice.c && !notice.u ? [notice.c] : []));
    const [arrivals, counts] = await Promise.all([
      arrivalIds.length > 0 ? arrivalsByIds(context.db, eventId, arrivalIds) : Promise.resolve([] as Arrival[]),
      standingCounts(context.db, [...new Set(open.map((screen) => screen.sessionId))]),
    ]);
    for (const notice of notices) {
      const arrival = arrivals.find((candidate) => candidate.checkinId === notice.c) ?? null;
      for (const screen of open) {
        if (screen.ownSessionOnly && notice.s !== screen.sessionId) continue;
        screen.send({ sessionId: notice.s, checkedIn: counts.get(screen.sessionId) ?? 0, arrival });
      }
    }
  };

  return {
    async add(screen) {
      listening ??= context.live.listen(channel, hear);
      await listening;
      const eventScreens = screens.get(screen.eventId) ?? new Set();
      eventScreens.add(screen);
      screens.set(screen.eventId, eventScreens);
      return () => {
        eventScreens.delete(screen);
        if (eventScreens.size === 0 && screens.get(screen.eventId) === eventScreens) screens.delete(screen.eventId);
      };
    },
  };
}

/** The streams being answered, by context: a stream never ends by itself, and a server that stops must end them. */
const openStreams = new WeakMap<AppContext, Set<PassThrough>>();

/**
 * The server's preClose: sends the notices waiting, and ends every open stream of the context (otherwise closing waits
 * for clients that stay).
 */
export async function endLiveStreams(context: AppContext) {
  await flushNotices(context);
  for (const stream of openStreams.get(context) ?? []) stream.end();
  openStreams.delete(context);
}

/** A proxy or a phone drops a silent connection: a comment line every 15 s keeps it open, and tells a dead one. */
const heartbeatMs = 15_000;

/**
 * Answers a server-sent-event stream of check-in messages (`CheckinLiveMessage` as JSON, one `data:` line each;
 * `checkedIn` counts the standing check-ins of the screen's own session), open until the client goes.
 */
export async function sendLiveStream(
  context: AppContext,
  reply: FastifyReply,
  screen: Omit<Screen, "send">,
): Promise<FastifyReply> {
  const stream = new PassThrough();
  let open = openStreams.get(context);
  if (!open) {
    open = new Set();
    openStreams.set(context, open);
  }
  open.add(stream);
  const remove = await fanoutOf(context).add({
    ...screen,
    send: (message) => stream.write(`data: ${JSON.stringify(message)}\n\n`),
  });
  const heartbeat = setInterval(() => stream.write(": heartbeat\n\n"), heartbeatMs);
  reply.raw.on("close", () => {
    clearInterval(heartbeat);
    remove();
    open.delete(stream);
    stream.end();
  });
  // The browser's EventSource waits this long before it connects again after a drop.
  stream.write("retry: 2000\n\n");
  return reply
    .header("content-type", "text/event-stream; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-accel-buffering", "no")
    .send(stream);
}

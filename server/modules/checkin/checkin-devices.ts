import { eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { checkinDeviceSessionSchema, checkinJoinBody } from "../../../contract/checkin.js";
import { preparedStatement } from "../../db/prepared.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, notFound } from "../../platform/errors.js";
import { consumeRateLimit, type RateLimit } from "../../platform/rate-limit.js";
import { hashSecret, newSecret } from "../../platform/tokens.js";
import { events } from "../events/events.tables.js";
import { checkinCodes, checkinDevices, checkinSessions } from "./checkin.tables.js";
import { type CheckinSessionRow, withCounts } from "./checkin-sessions.service.js";

/**
 * Staff phones join a session with its access code, without an account, and then carry a device token. Codes are
 * 8 characters of 31: guessing one takes ~10^11 tries, and each client address gets 20 a minute.
 */
export const joinLimit: RateLimit = { name: "checkin-join-ip", max: 20, windowSeconds: 60 };

/** A device's last_seen_at is written at most this often: a scanning phone does not write a row on every scan. */
const lastSeenEverySeconds = 60;

type DeviceSession = z.output<typeof checkinDeviceSessionSchema>;
export type Device = { deviceId: string; session: CheckinSessionRow; eventId: string };

const deviceStatement = preparedStatement((executor) =>
  executor
    .select({
      deviceId: checkinDevices.id,
      stale: sql<boolean>`${checkinDevices.lastSeenAt} < now() - make_interval(secs => ${lastSeenEverySeconds})`,
      session: getTableColumns(checkinSessions),
    })
    .from(checkinDevices)
    .innerJoin(checkinSessions, eq(checkinSessions.id, checkinDevices.sessionId))
    .where(eq(checkinDevices.tokenHash, sql.placeholder("tokenHash")))
    .prepare("checkin_device"),
);

/** The device token a request carries: the `x-checkin-device` header, or `?device=` for a live stream (EventSource). */
function deviceTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers["x-checkin-device"];
  if (typeof header === "string" && header) return header;
  const query = request.query as { device?: unknown } | undefined;
  return typeof query?.device === "string" && query.device ? query.device : undefined;
}

/**
 * The device calling a staff route and the session it joined: 401 CHECKIN_DEVICE_SIGNED_OUT when its token is unknown
 * or its code was revoked (the device went with it). One indexed read; last_seen_at follows at most once a minute.
 */
export async function requireDevice(context: AppContext, request: FastifyRequest): Promise<Device> {
  const token = deviceTokenOf(request);
  const [found] = token ? await deviceStatement(context.db).execute({ tokenHash: hashSecret(token) }) : [];
  if (!found) throw new AppError(401, "CHECKIN_DEVICE_SIGNED_OUT");
  if (found.stale) {
    await context.db
      .update(checkinDevices)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(checkinDevices.id, found.deviceId));
  }
  return { deviceId: found.deviceId, session: found.session, eventId: found.session.eventId };
}

/**
 * Scanning is the hot path: a device's row and its session are kept in memory for `knownDeviceMs` rather than read
 * before every scan. The scan's own statement checks that the device still exists (`deviceStillJoined`), so that a
 * revoked phone is refused at once; a change to the session (conditions, displayed fields) reaches its scans within
 * this delay.
 */
const knownDeviceMs = 2000;
const knownDevices = new WeakMap<AppContext, Map<string, { device: Device; until: number }>>();

export async function requireScanningDevice(context: AppContext, request: FastifyRequest): Promise<Device> {
  let known = knownDevices.get(context);
  if (!known) {
    known = new Map();
    knownDevices.set(context, known);
  }
  const token = deviceTokenOf(request) ?? "";
  const now = Date.now();
  const entry = known.get(token);
  if (entry && entry.until > now) return entry.device;
  const device = await requireDevice(context, request);
  if (known.size >= 10_000) {
    for (const [key, stale] of known) if (stale.until <= now) known.delete(key);
  }
  known.set(token, { device, until: now + knownDeviceMs });
  return device;
}

/** For a scan's statement: whether its device (a placeholder, null for the organizer's screen) is still joined. */
export const deviceStillJoined = (deviceId: SQL) =>
  sql`(${deviceId} is null or exists (select 1 from ${checkinDevices} where ${checkinDevices.id} = ${deviceId}))`;

/** What the staff app shows of the session it joined: its name, mode and counts, the event's name, date and language. */
async function describeSession(context: AppContext, session: CheckinSessionRow): Promise<DeviceSession> {
  const [event] = await context.db
    .select({
      name: events.name,
      startsAt: events.startsAt,
      timezone: events.timezone,
      language: events.preferredLanguage,
    })
    .from(events)
    .where(eq(events.id, session.eventId));
  if (!event) throw new AppError(401, "CHECKIN_DEVICE_SIGNED_OUT");
  const { expected, checkedIn } = await withCounts(context.db, session);
  return {
    session: {
      id: session.id,
      name: session.name,
      mode: session.mode,
      eventName: event.name,
      eventStartsAt: event.startsAt.toISOString(),
      timezone: event.timezone,
      language: event.language,
      displayedFields: session.displayedFields,
      expected,
      checkedIn,
    },
  };
}

/** POST /public/checkin/join: a known code gives a new device token (only its SHA-256 is kept). */
export async function joinSession(
  context: AppContext,
  request: FastifyRequest,
  body: z.output<typeof checkinJoinBody>,
) {
  await consumeRateLimit(context.db, [joinLimit, request.ip]);
  const [code] = await context.db
    .select({ id: checkinCodes.id, session: getTableColumns(checkinSessions) })
    .from(checkinCodes)
    .innerJoin(checkinSessions, eq(checkinSessions.id, checkinCodes.sessionId))
    .where(eq(checkinCodes.code, body.code));
  if (!code) throw notFound("CHECKIN_CODE_INVALID");
  const deviceToken = newSecret();
  await context.db.insert(checkinDevices).values({
    sessionId: code.session.id,
    codeId: code.id,
    tokenHash: hashSecret(deviceToken),
    label: body.label,
    userAgent: String(request.headers["user-agent"] ?? "").slice(0, 300),
  });
  return { deviceToken, ...(await describeSession(context, code.session)) };
}

/** GET /public/checkin/session: the joined session, or 401 once the device's code is revoked. */
export async function deviceSession(context: AppContext, request: FastifyRequest) {
  const device = await requireDevice(context, request);
  return describeSession(context, device.session);
}

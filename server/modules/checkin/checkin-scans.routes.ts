import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CheckinCheckBody } from "../../../contract/checkin.js";
import { checkinScanEndpoints } from "../../../contract/checkin-scans.endpoints.js";
import type { Language } from "../../../contract/common.js";
import type { AccountAction } from "../../../contract/permissions.js";
import { requirePrincipal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { registerEndpoints } from "../../platform/endpoints.js";
import { sendSpreadsheet } from "../../platform/spreadsheet.js";
import { eventCaller } from "../events/events.caller.js";
import { requireEvent, requireEventBySlug } from "../events/events.visibility.js";
import { requireDevice, requireScanningDevice } from "./checkin-devices.js";
import { endLiveStreams, sendLiveStream } from "./checkin-live.js";
import { type Scanner, scan, searchGuests, undo } from "./checkin-scans.service.js";
import { requireSession } from "./checkin-sessions.service.js";
import { eventStatistics, exportStatistics, sessionArrivals, sessionStats } from "./checkin-statistics.service.js";
import { applyUpload, offlineList } from "./checkin-sync.service.js";

// Counts and arrivals change with every scan, and name guests: never cached.
const noStore = { "cache-control": "no-store" };

type EventRequest = FastifyRequest & { params: { account: string; event: string } };
type SessionRequest = FastifyRequest & { params: { account: string; event: string; id: string } };

/** A scan or an undo, whoever makes it. */
const checkOrUndo = (context: AppContext, scanner: Scanner, body: CheckinCheckBody, language: Language) =>
  "undoCheckinId" in body
    ? undo(context, scanner, body.undoCheckinId, language)
    : scan(context, scanner, body as Exclude<CheckinCheckBody, { undoCheckinId: string }>, language);

/**
 * Scanning and watching (contract/checkin-scans.endpoints.ts): the organizer's screen ("events.read" to watch,
 * "events.update" to check in or undo), a staff device with its token, and the legacy statistics routes.
 */
export function registerCheckinScanRoutes(app: FastifyInstance, context: AppContext) {
  // A live stream stays open for as long as its screen: a stopping server ends them, or its close would wait forever.
  app.addHook("preClose", async () => endLiveStreams(context));
  /** The event of the route, reachable by the caller for `action` (404 out of reach, then 403). */
  const eventOf = async (request: EventRequest, action: AccountAction = "events.read") =>
    requireEvent(context.db, (await eventCaller(context, request)).access, request.params.event, action);
  const sessionOf = async (request: SessionRequest, action: AccountAction = "events.read") =>
    requireSession(context.db, (await eventOf(request, action)).id, request.params.id);
  const eventBySlug = async (request: FastifyRequest & { params: { event: string } }) =>
    (await requireEventBySlug(context.db, requirePrincipal(request), request.params.event, "events.read")).event;
  // A scan may take the device known from a moment ago (its statement checks it is still joined); an undo reads it.
  const deviceScanner = async (request: FastifyRequest & { body: CheckinCheckBody }): Promise<Scanner> => {
    const device = await ("undoCheckinId" in request.body ? requireDevice : requireScanningDevice)(context, request);
    return { session: device.session, source: "live", deviceId: device.deviceId };
  };

  registerEndpoints(app, checkinScanEndpoints, {
    check: async (request, reply) => {
      reply.headers(noStore);
      const session = await sessionOf(request, "events.update");
      return checkOrUndo(context, { session, source: "organizer", deviceId: null }, request.body, request.language);
    },
    stats: async (request, reply) => {
      reply.headers(noStore);
      return sessionStats(context.db, await sessionOf(request));
    },
    arrivals: async (request, reply) => {
      reply.headers(noStore);
      return sessionArrivals(context.db, (await sessionOf(request)).id, request.query);
    },
    live: async (request, reply) => {
      const session = await sessionOf(request);
      return sendLiveStream(context, reply, { eventId: session.eventId, sessionId: session.id, ownSessionOnly: false });
    },
    statistics: async (request, reply) => {
      reply.headers(noStore);
      return eventStatistics(context.db, (await eventOf(request)).id, request.language);
    },
    exportStatistics: async (request, reply) => {
      const event = await eventOf(request);
      return sendSpreadsheet(reply, await exportStatistics(context, event, request.query, request.language));
    },
    legacyAttendance: async (request, reply) => {
      reply.headers(noStore);
      return eventStatistics(context.db, (await eventBySlug(request)).id, request.language);
    },
    legacyCheckin: async (request, reply) => {
      reply.headers(noStore);
      const event = await eventBySlug(request);
      return sessionStats(context.db, await requireSession(context.db, event.id, request.query.id));
    },
    deviceScan: async (request, reply) => {
      reply.headers(noStore);
      return checkOrUndo(context, await deviceScanner(request), request.body, request.language);
    },
    deviceSearch: async (request, reply) => {
      reply.headers(noStore);
      const device = await requireDevice(context, request);
      return searchGuests(context, device, request.query.query, request.language);
    },
    deviceArrivals: async (request, reply) => {
      reply.headers(noStore);
      const device = await requireDevice(context, request);
      return sessionArrivals(context.db, device.session.id, request.query);
    },
    deviceLive: async (request, reply) => {
      const device = await requireDevice(context, request);
      return sendLiveStream(context, reply, {
        eventId: device.eventId,
        sessionId: device.session.id,
        ownSessionOnly: true,
      });
    },
    deviceOfflineList: async (request, reply) => {
      reply.headers(noStore);
      return offlineList(context, await requireDevice(context, request), request.language);
    },
    deviceSync: async (request, reply) => {
      reply.headers(noStore);
      return applyUpload(context, await requireDevice(context, request), request.body.scans);
    },
  });
}

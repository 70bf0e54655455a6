import { z } from "zod";
import { idSchema, listOf } from "./common.js";
import { guestConditionsSchema, guestFieldKeySchema } from "./guest-conditions.js";
import { eventScopeParams } from "./guests.js";

/**
 * SPEC §3 Check-in session: a door. Live sessions check each scan against the server as it happens; offline sessions
 * download their guest list to the device (an installable web app) and upload their scans when the network is back.
 * Staff join a session with its access code on their phone, without an account.
 */
export const checkinModes = ["live", "offline"] as const;
export const checkinModeSchema = z.enum(checkinModes);
export type CheckinMode = z.infer<typeof checkinModeSchema>;

const sessionName = z.string().trim().min(1, "FIELD_REQUIRED").max(100);

export const checkinSessionBody = z.object({
  name: sessionName,
  mode: checkinModeSchema,
  conditions: guestConditionsSchema.default({ statuses: [], ticketIds: [], categoryIds: [], customFields: [] }),
  /** What the scanning screen shows of a guest, in this order. */
  displayedFields: z.array(guestFieldKeySchema).max(12).default(["firstName", "lastName", "company", "ticket"]),
});
export type CheckinSessionBody = z.input<typeof checkinSessionBody>;
/** POST checkins/{id}: every field may change but the mode (a device holding an offline list keeps its contract). */
export const checkinSessionUpdateBody = checkinSessionBody.omit({ mode: true }).partial();

export const checkinSessionSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  mode: checkinModeSchema,
  conditions: guestConditionsSchema,
  displayedFields: z.array(z.string()),
  /** Guests this session lets in, and how many of them are in. */
  expected: z.number().int(),
  checkedIn: z.number().int(),
  /** Scans flagged by the server: the same guest scanned on two devices while offline. */
  flagged: z.number().int(),
  lastConnectionAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CheckinSession = z.infer<typeof checkinSessionSchema>;
export const checkinSessionList = listOf(checkinSessionSchema);
export const checkinSessionParams = eventScopeParams.extend({ id: idSchema });

/** Why a scan does not let a guest in, shown to staff in their language. */
export const checkinRefusals = [
  /** The code is not one of this event's: forged, altered, or of another event. */
  "unknown_code",
  /** This session's conditions do not let this guest in. */
  "not_allowed",
  /** Already in: `previous` says when and at which door. */
  "already_checked_in",
  /** The guest cancelled, refused or was rejected. */
  "cancelled",
  /** The scanned ticket was refunded or its order cancelled. */
  "refunded",
] as const;
export const checkinRefusalSchema = z.enum(checkinRefusals);
export type CheckinRefusal = z.infer<typeof checkinRefusalSchema>;

/** A guest as a check-in screen shows them: the session's displayed fields, labelled. */
export const checkinGuestSchema = z.object({
  id: z.string(),
  name: z.string(),
  fields: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
});
export type CheckinGuest = z.infer<typeof checkinGuestSchema>;

/** Where and when a pass was already checked in. */
export const checkinPlaceSchema = z.object({ checkinId: z.string(), at: z.string(), sessionName: z.string() });

/**
 * A scan, from a device or the organizer's screen: a QR code read (`code`, the signed text it holds) or a guest picked
 * by name (`guestId`). `scanId` is made by the device (a UUID) once per scan: sending it again changes nothing and
 * answers the first answer again. `scannedAt` is the device's clock (offline scans arrive late).
 */
export const checkinScanSchema = z
  .object({
    scanId: idSchema,
    code: z.string().trim().min(1).max(200).optional(),
    guestId: idSchema.optional(),
    scannedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((scan) => Boolean(scan.code) !== Boolean(scan.guestId), { message: "FIELD_REQUIRED", path: ["code"] });
export type CheckinScan = z.input<typeof checkinScanSchema>;

/** POST checkins/{id}/check: a scan, or the undo of a check-in (a mistaken scan). */
export const checkinCheckBody = z.union([checkinScanSchema, z.object({ undoCheckinId: idSchema })]);
export type CheckinCheckBody = z.input<typeof checkinCheckBody>;

export const checkinResultSchema = z.object({
  outcome: z.enum(["accepted", "refused", "undone"]),
  refusal: checkinRefusalSchema.nullable(),
  /** The check-in this scan made (accepted) or undid. */
  checkin: checkinPlaceSchema.nullable(),
  /** For `already_checked_in`: the earlier check-in. */
  previous: checkinPlaceSchema.nullable(),
  guest: checkinGuestSchema.nullable(),
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;

/** One arrival on the live list. */
export const arrivalSchema = z.object({
  checkinId: z.string(),
  guestId: z.string(),
  name: z.string(),
  at: z.string(),
  sessionId: z.string().nullable(),
  sessionName: z.string(),
  source: z.enum(["live", "offline", "organizer"]),
  flagged: z.boolean(),
});
export type Arrival = z.infer<typeof arrivalSchema>;
export const arrivalList = listOf(arrivalSchema);
export const arrivalsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  flagged: z.enum(["true", "false"]).optional(),
});

/** GET checkins/{id}/stats: the session's counts and its arrivals per quarter hour. */
export const checkinStatsSchema = z.object({
  expected: z.number().int(),
  checkedIn: z.number().int(),
  flagged: z.number().int(),
  devices: z.number().int(),
  overTime: z.array(z.object({ at: z.string(), count: z.number().int() })),
});
export type CheckinStats = z.infer<typeof checkinStatsSchema>;

/** The message a live screen receives (server-sent events) after every check-in or undo of its event. */
export const checkinLiveMessageSchema = z.object({
  sessionId: z.string().nullable(),
  checkedIn: z.number().int(),
  arrival: arrivalSchema.nullable(),
});
export type CheckinLiveMessage = z.infer<typeof checkinLiveMessageSchema>;

// Access codes and devices (SPEC §7 checkincodes).

export const checkinCodeQuery = z.object({ checkinId: idSchema });
export const checkinCodeBody = z.object({ checkinId: idSchema });
export const checkinCodeParams = eventScopeParams.extend({ id: idSchema });
/** An access code: eight characters from an alphabet without look-alikes, shown as XXXX-XXXX. */
export const checkinCodeSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  code: z.string(),
  /** The page staff open on their phone, the code filled in: what the QR code on the organizer's screen holds. */
  joinUrl: z.string(),
  createdAt: z.string(),
});
export const checkinDeviceSchema = z.object({
  id: z.string(),
  label: z.string(),
  userAgent: z.string(),
  connectedAt: z.string(),
  lastSeenAt: z.string(),
});
export const checkinDeviceList = listOf(checkinDeviceSchema);

// The staff app (public: a device token from the join, in the `x-checkin-device` header).

const deviceToken = z.string().min(20).max(200);
export const checkinDeviceHeaders = z.object({ "x-checkin-device": deviceToken });
/** EventSource sends no header: the live stream takes the device token in its query. */
export const checkinLiveQuery = z.object({ device: deviceToken });
export const checkinJoinBody = z.object({
  code: z
    .string()
    .trim()
    .transform((code) => code.toUpperCase().replace(/[^A-Z0-9]/g, ""))
    .pipe(z.string().length(8, "CHECKIN_CODE_INVALID")),
  /** What staff call this phone ("Door B"), shown on the organizer's list of devices. */
  label: z.string().trim().max(60).default(""),
});
export const checkinDeviceSessionSchema = z.object({
  session: z.object({
    id: z.string(),
    name: z.string(),
    mode: checkinModeSchema,
    eventName: z.string(),
    eventStartsAt: z.string(),
    timezone: z.string(),
    language: z.string(),
    displayedFields: z.array(z.string()),
    /** The staff screen's counter: guests this session lets in, and how many of them are in (as the session list). */
    expected: z.number().int(),
    checkedIn: z.number().int(),
  }),
});
export const checkinJoinAnswer = checkinDeviceSessionSchema.extend({ deviceToken: z.string() });

/**
 * An offline session's guest list, downloaded whole: one entry per pass (a guest, or one of their tickets), with the
 * codes that open it and whether this session lets it in.
 */
export const offlinePassSchema = z.object({
  passKey: z.string(),
  codes: z.array(z.string()),
  guest: checkinGuestSchema,
  /** Lower-cased names without accents, for the search by name on the device. */
  searchText: z.string(),
  refusal: checkinRefusalSchema.nullable(),
  checkedIn: checkinPlaceSchema.nullable(),
});
export type OfflinePass = z.infer<typeof offlinePassSchema>;
export const offlineListSchema = z.object({ generatedAt: z.string(), passes: z.array(offlinePassSchema) });

export const checkinSearchQuery = z.object({ query: z.string().trim().min(1).max(100) });
export const checkinSearchAnswer = z.object({
  items: z.array(checkinGuestSchema.extend({ checkedIn: checkinPlaceSchema.nullable() })),
});

/** The scans a device stored while offline, uploaded at once (5,000 at most a call). */
export const checkinSyncBody = z.object({
  scans: z
    .array(
      z.object({
        scanId: idSchema,
        code: z.string().trim().min(1).max(200).optional(),
        guestId: idSchema.optional(),
        scannedAt: z.iso.datetime({ offset: true }),
        /** An undo made on the device of one of its own scans. */
        undo: z.boolean().default(false),
      }),
    )
    .min(1)
    .max(5000),
});
export const checkinSyncAnswer = z.object({
  /** New check-ins (and undos) recorded by this upload. */
  applied: z.number().int(),
  /** Scans already received: sent again, nothing changed. */
  repeated: z.number().int(),
  /** Recorded and flagged: the same pass was already checked in elsewhere. */
  flagged: z.number().int(),
  /** Refused codes (unknown or not allowed by the session's conditions), recorded nowhere. */
  refused: z.number().int(),
});

// Event statistics of check-in (the statistics screen, and the legacy routes).

export const checkinStatisticsSchema = z.object({
  expected: z.number().int(),
  checkedIn: z.number().int(),
  flagged: z.number().int(),
  overTime: z.array(z.object({ at: z.string(), count: z.number().int() })),
  bySession: z.array(z.object({ sessionId: z.string().nullable(), name: z.string(), count: z.number().int() })),
  byCategory: z.array(
    z.object({
      categoryId: z.string().nullable(),
      name: z.string(),
      sold: z.number().int(),
      checkedIn: z.number().int(),
    }),
  ),
});
export type CheckinStatistics = z.infer<typeof checkinStatisticsSchema>;
export const checkinExportQuery = z.object({ format: z.enum(["csv", "xlsx"]).default("csv") });
/** Legacy GET /{event}/admin/statistics/getCheckin?id=: one session's figures. */
export const legacyCheckinQuery = z.object({ id: idSchema });

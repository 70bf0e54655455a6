import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { CheckinRefusal, checkinSyncAnswer, checkinSyncBody, OfflinePass } from "../../../contract/checkin.js";
import type { Language } from "../../../contract/common.js";
import { type Executor, rowsOf } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { guestPassCode, passCodeSecret, readPassCode, ticketPassCode } from "../../platform/pass-codes.js";
import { guests } from "../guests/guests.tables.js";
import { orderItems } from "../ticketing/ticketing.tables.js";
import type { Device } from "./checkin-devices.js";
import { definitionColumns, type FieldDefinitions, type ShownGuestRow, shownGuest } from "./checkin-guest-view.js";
import { announceCheckins } from "./checkin-live.js";
import { passSource, refusalCase, selectList } from "./checkin-scans.service.js";

/**
 * An offline session (issue 20): the device downloads every pass of the event with its verdict, works without
 * network, and uploads its scans when the network is back. The upload is applied by a few statements over the whole
 * of it, whatever its size: a scan id already received changes nothing, a pass already in (here or at another door)
 * is recorded flagged rather than refused, and the live screens hear of it once it has committed.
 */

type PlaceRow = { checkinId: string; at: string; sessionName: string };
type PassRow = ShownGuestRow & {
  item_id: string | null;
  code: string | null;
  pass_key: string;
  search_text: string;
  refusal: CheckinRefusal | null;
  place: PlaceRow | null;
};

/** GET /public/checkin/passes: 409 CHECKIN_NOT_OFFLINE for a live session's device. */
export async function offlineList(context: AppContext, { session }: Device, language: Language) {
  if (session.mode !== "offline") throw new AppError(409, "CHECKIN_NOT_OFFLINE");
  const eventId = sql`${session.eventId}::uuid`;
  const everyone = sql`true`;
  const [secret, passes, [definitions]] = await Promise.all([
    passCodeSecret(context),
    rowsOf<PassRow>(
      context.db,
      sql`with passes as (${passSource(session, "guest", eventId, everyone)}
          union all ${passSource(session, "ticket", eventId, everyone)}),
        standing as (select pass_key, id, scanned_at, session_name from checkins
          where event_id = ${eventId} and undone_at is null and not flagged)
        select passes.*, ${refusalCase("passes", sql`standing.id is not null`)} as refusal,
          case when standing.id is not null then json_build_object('checkinId', standing.id, 'at', standing.scanned_at,
            'sessionName', standing.session_name) end as place
        from passes left join standing on standing.pass_key = passes.pass_key
        order by passes."lastName", passes."firstName", passes.pass_key`,
    ),
    rowsOf<FieldDefinitions>(context.db, sql`select ${selectList(definitionColumns(session))}`),
  ]);
  const shownDefinitions = definitions ?? { fields: null, preferredLanguage: language };
  return {
    generatedAt: new Date().toISOString(),
    passes: passes.map(
      (row): OfflinePass => ({
        passKey: row.pass_key,
        codes: [row.code ? ticketPassCode(secret, row.code) : guestPassCode(secret, row.guestId)],
        guest: shownGuest(session.displayedFields, row, shownDefinitions, language),
        searchText: row.search_text,
        refusal: row.refusal,
        checkedIn: row.place && { ...row.place, at: new Date(row.place.at).toISOString() },
      }),
    ),
  };
}

type Upload = z.output<typeof checkinSyncBody>["scans"];
type SyncAnswer = z.output<typeof checkinSyncAnswer>;
type Resolved = { scanId: string; guestId: string | null; code: string | null; scannedAt: string };

/** POST /public/checkin/sync: applies an offline device's stored scans and undos, idempotently. */
export async function applyUpload(context: AppContext, device: Device, upload: Upload): Promise<SyncAnswer> {
  const answer: SyncAnswer = { applied: 0, repeated: 0, flagged: 0, refused: 0 };
  const secret = await passCodeSecret(context);
  const seen = new Set<string>();
  const scans: Resolved[] = [];
  const undos: Array<{ scanId: string; scannedAt: string }> = [];
  for (const item of upload) {
    if (seen.has(`${item.undo}:${item.scanId}`)) {
      answer.repeated++;
      continue;
    }
    seen.add(`${item.undo}:${item.scanId}`);
    if (item.undo) {
      undos.push(item);
      continue;
    }
    const pass = item.guestId
      ? { kind: "guest" as const, guestId: item.guestId }
      : readPassCode(secret, item.code ?? "");
    if (!pass) answer.refused++;
    else
      scans.push({
        scanId: item.scanId,
        guestId: pass.kind === "guest" ? pass.guestId : null,
        code: pass.kind === "ticket" ? pass.code : null,
        scannedAt: item.scannedAt,
      });
  }
  if (scans.length > 0) {
    const first = await recordScans(context.db, device, scans, false);
    answer.applied += first.applied;
    answer.flagged += first.flagged;
    answer.refused += first.refused;
    answer.repeated += first.repeated;
    // Scans whose pass another door took between the statement's reading and its insert: recorded flagged, not lost.
    const lost = new Set(first.lost);
    if (lost.size > 0) {
      const again = await recordScans(
        context.db,
        device,
        scans.filter((scan) => lost.has(scan.scanId)),
        true,
      );
      answer.flagged += again.flagged;
      answer.repeated += again.repeated + again.lost.length;
    }
  }
  const undone = undos.length > 0 ? await undoUploaded(context.db, device, undos) : 0;
  answer.applied += undone;
  answer.repeated += undos.length - undone;
  if (answer.applied + answer.flagged > 0) {
    announceCheckins(context, [{ e: device.eventId, s: device.session.id, c: null, u: false }]);
  }
  return answer;
}

type Recorded = { applied: number; flagged: number; refused: number; repeated: number; lost: string[] };

/**
 * One statement for the whole upload: each scan's pass found and judged as a live scan would be, but a pass already
 * standing (at any door, or earlier in this upload) is recorded flagged. `allFlagged` records every scan flagged.
 */
async function recordScans(executor: Executor, { deviceId, session }: Device, scans: Resolved[], allFlagged: boolean) {
  const eventId = sql`${session.eventId}::uuid`;
  const [recorded] = await rowsOf<Recorded>(
    executor,
    sql`with upload as (
        select * from unnest(${sql.param(scans.map((scan) => scan.scanId))}::uuid[], ${sql.param(scans.map((scan) => scan.guestId))}::uuid[],
          ${sql.param(scans.map((scan) => scan.code))}::text[], ${sql.param(scans.map((scan) => scan.scannedAt))}::timestamptz[])
          with ordinality as upload(scan_id, guest_ref, code_ref, scanned_at, position)
      ),
      fresh as (select * from upload where not exists (select 1 from checkins where checkins.id = upload.scan_id)),
      judged as (
        select fresh.scan_id, fresh.scanned_at, pass.*,
          ${refusalCase("pass", sql`false`)} as refusal,
          exists (select 1 from checkins where checkins.event_id = ${eventId} and checkins.pass_key = pass.pass_key
            and checkins.undone_at is null and not checkins.flagged)
          or row_number() over (partition by pass.pass_key order by fresh.scanned_at, fresh.position) > 1 as second
        from fresh cross join lateral (
          ${passSource(session, "guest", eventId, sql`${guests.id} = fresh.guest_ref`)}
          union all ${passSource(session, "ticket", eventId, sql`${orderItems.code} = fresh.code_ref`)}
        ) as pass
      ),
      inserted as (
        insert into checkins (id, event_id, session_id, session_name, guest_id, order_item_id, pass_key, device_id,
          source, scanned_at, flagged)
        select scan_id, ${eventId}, ${session.id}::uuid, ${session.name}::text, "guestId", item_id, pass_key,
          ${deviceId}::uuid, 'offline', scanned_at, ${allFlagged}::boolean or second
        from judged where refusal is null
        on conflict do nothing
        returning id, flagged
      )
      select
        (select count(*) filter (where not flagged) from inserted)::int as applied,
        (select count(*) filter (where flagged) from inserted)::int as flagged,
        ((select count(*) from fresh) - (select count(*) from judged where refusal is null))::int as refused,
        ((select count(*) from upload) - (select count(*) from fresh))::int as repeated,
        (select coalesce(json_agg(scan_id), '[]') from judged
          where refusal is null and scan_id not in (select id from inserted)) as lost`,
  );
  return recorded as Recorded;
}

/** The device's undos: each names one of its session's check-ins by its scan id, undone at the device's time. */
async function undoUploaded(
  executor: Executor,
  { session }: Device,
  undos: Array<{ scanId: string; scannedAt: string }>,
) {
  const [row] = await rowsOf<{ undone: number }>(
    executor,
    sql`with undone as (
        update checkins set undone_at = undo.at
        from unnest(${sql.param(undos.map((undo) => undo.scanId))}::uuid[], ${sql.param(undos.map((undo) => undo.scannedAt))}::timestamptz[])
          as undo(id, at)
        where checkins.id = undo.id and checkins.session_id = ${session.id}::uuid and checkins.undone_at is null
        returning checkins.id
      )
      select count(*)::int as undone from undone`,
  );
  return row?.undone ?? 0;
}

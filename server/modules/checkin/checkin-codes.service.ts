import { randomInt } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Transaction } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, isUniqueViolation, notFound } from "../../platform/errors.js";
import { recordAudit } from "../audit/audit.service.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent } from "../events/events.visibility.js";
import { checkinCodes, checkinDevices, checkinSessions } from "./checkin.tables.js";
import { readableSession, requireSession } from "./checkin-sessions.service.js";

/** No 0/O, 1/I/L: a code read aloud or copied from a screen is typed right the first time. */
export const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const codeLength = 8;
/** Eight characters of 31 give 8.5e11 codes: a clash is rare, and a few retries make it vanish. */
const codeAttempts = 5;

/** The staff app's join page (web/features/checkin/staff), the code filled in. */
export const joinPath = "/checkin";

function newCode(): string {
  return Array.from({ length: codeLength }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join("");
}

type CodeRow = typeof checkinCodes.$inferSelect;

const toCode = (context: AppContext, row: CodeRow) => ({
  id: row.id,
  sessionId: row.sessionId,
  code: `${row.code.slice(0, 4)}-${row.code.slice(4)}`,
  joinUrl: `${context.config.publicUrl}${joinPath}?code=${row.code}`,
  createdAt: row.createdAt.toISOString(),
});

function auditCode(
  tx: Transaction,
  { access, ip }: Caller,
  eventId: string,
  verb: "created" | "deleted",
  row: CodeRow,
) {
  return recordAudit(
    tx,
    access.principal,
    {
      accountId: access.accountId,
      eventId,
      action: `checkin.code.${verb}`,
      targetType: "checkin_code",
      targetId: row.id,
      // The code itself is a credential: the log names the session, never the code.
      after: verb === "created" ? { sessionId: row.sessionId } : null,
      before: verb === "deleted" ? { sessionId: row.sessionId } : null,
    },
    ip,
  );
}

/** The session's newest access code, or null when it has none. */
export async function lastCode(context: AppContext, caller: Caller, eventId: string, sessionId: string) {
  await readableSession(context.db, caller, eventId, sessionId);
  const [row] = await context.db
    .select()
    .from(checkinCodes)
    .where(eq(checkinCodes.sessionId, sessionId))
    .orderBy(desc(checkinCodes.createdAt), desc(checkinCodes.id))
    .limit(1);
  return row ? toCode(context, row) : null;
}

/** A new random code for the session; the earlier codes keep working until deleted. */
export async function createCode(context: AppContext, caller: Caller, eventId: string, sessionId: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await context.db.transaction(async (tx) => {
        await requireEvent(tx, caller.access, eventId, "events.update");
        await requireSession(tx, eventId, sessionId);
        const principal = caller.access.principal;
        const [created] = await tx
          .insert(checkinCodes)
          .values({ sessionId, code: newCode(), createdBy: principal.kind === "user" ? principal.userId : null })
          .returning();
        if (!created) throw new AppError(409, "NOT_SAVED");
        await auditCode(tx, caller, eventId, "created", created);
        return created;
      });
      return toCode(context, row);
    } catch (error) {
      if (!isUniqueViolation(error, "checkin_codes_code") || attempt >= codeAttempts) throw error;
    }
  }
}

/** Revokes a code: the devices that joined with it go with it (cascade), and are signed out at their next call. */
export async function removeCode(context: AppContext, caller: Caller, eventId: string, id: string) {
  await context.db.transaction(async (tx) => {
    await requireEvent(tx, caller.access, eventId, "events.update");
    const [row] = await tx
      .select({ code: checkinCodes })
      .from(checkinCodes)
      .innerJoin(checkinSessions, eq(checkinSessions.id, checkinCodes.sessionId))
      .where(and(eq(checkinCodes.id, id), eq(checkinSessions.eventId, eventId)));
    if (!row) throw notFound();
    await tx.delete(checkinCodes).where(eq(checkinCodes.id, id));
    await auditCode(tx, caller, eventId, "deleted", row.code);
  });
  return { ok: true as const };
}

/** The devices that joined the session, most recently seen first ("last connections"). */
export async function listDevices(context: AppContext, caller: Caller, eventId: string, sessionId: string) {
  await readableSession(context.db, caller, eventId, sessionId);
  const rows = await context.db
    .select()
    .from(checkinDevices)
    .where(eq(checkinDevices.sessionId, sessionId))
    .orderBy(desc(checkinDevices.lastSeenAt), desc(checkinDevices.id));
  const items = rows.map((row) => ({
    id: row.id,
    label: row.label,
    userAgent: row.userAgent,
    connectedAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
  return { items, total: items.length };
}

import { and, asc, eq, ilike, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type Account,
  type AccountUpdateBody,
  accountParamsSchema,
  type accountSummarySchema,
  defaultEventParamsSchema,
} from "../../../contract/accounts.js";
import type { Language } from "../../../contract/common.js";
import { translate } from "../../../contract/error-messages.js";
import { seatedRoles } from "../../../contract/permissions.js";
import type { Executor, Transaction } from "../../db/connection.js";
import type { Principal } from "../../platform/auth-guard.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { changedFields, recordAudit } from "../audit/audit.service.js";
import { accountMembers, accounts } from "./accounts.tables.js";

/** Who asks for a change, and from where: what every audit row of this module records. */
export type Caller = { principal: Principal; ip: string };

declare module "../../platform/context.js" {
  interface ModuleHooks {
    /** An account's events, kept by the events module: events belong to accounts, so it sits above this one. */
    accountEvents: {
      /** How many events the account has. */
      count: (executor: Executor, accountId: string) => Promise<number>;
      /** How many events each of these teams is given, by team id (a team without one is absent). */
      countByTeam: (executor: Executor, teamIds: string[]) => Promise<Map<string, number>>;
      /** A member leaving the account loses their direct access to its events. */
      removeMember: (tx: Transaction, accountId: string, userId: string) => Promise<void>;
    };
  }
}

type AccountRow = typeof accounts.$inferSelect;
type AccountSummary = z.infer<typeof accountSummarySchema>;

/** An ILIKE pattern matching `text` anywhere, with the user's `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%`;
}

/**
 * Locks the account row for the rest of the transaction: seat counts, the last overseer and team names are checked
 * then written by concurrent requests, and this lock makes them take turns.
 */
export async function lockAccount(executor: Executor, accountId: string): Promise<AccountRow> {
  const [row] = await executor.select().from(accounts).where(eq(accounts.id, accountId)).for("update");
  if (!row) throw new AppError(404, "NOT_FOUND");
  return row;
}

/** Stored jsonb is read through the contract, so older rows get the defaults of fields added since. */
/**
 * Stored params read through today's schema. A value a newer rule refuses (a website that is not an http(s) address,
 * saved before links were checked) is left out alone, so the other params are kept rather than all reset.
 */
function readParams<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (typeof value !== "object" || value === null) return schema.parse({});
  const refused = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  const kept = Object.fromEntries(Object.entries(value).filter(([key]) => !refused.has(key)));
  return schema.safeParse(kept).data ?? schema.parse({});
}

type AccountView = Pick<Account, "name" | "params" | "defaultEventParams" | "settings" | "limits">;

function toView(row: AccountRow): AccountView {
  return {
    name: row.name,
    params: readParams(accountParamsSchema, row.params),
    defaultEventParams: readParams(defaultEventParamsSchema, row.defaultEventParams),
    settings: {
      defaultDomain: row.defaultDomain,
      retentionDays: row.retentionDays,
      multilang: row.multilang,
      twoFactor: row.twoFactor,
    },
    limits: {
      whiteLabel: row.whiteLabel,
      modules: row.modules,
      offlineCheckinLimit: row.offlineCheckinLimit,
      maxOrganizers: row.maxOrganizers,
      maxEvents: row.maxEvents,
    },
  };
}

/** Organizer seats taken: every member whose role counts against maxOrganizers (a Reader never does). */
export async function countSeats(executor: Executor, accountId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), inArray(accountMembers.role, [...seatedRoles])));
  return row?.count ?? 0;
}

async function toAccount(context: AppContext, executor: Executor, row: AccountRow): Promise<Account> {
  const [organizers, events] = await Promise.all([
    countSeats(executor, row.id),
    context.hooks.accountEvents.count(executor, row.id),
  ]);
  return {
    id: row.id,
    ...toView(row),
    usage: { organizers, events },
    createdAt: row.createdAt.toISOString(),
  };
}

/** A platform admin sees every account, a member the accounts they sit in, an API key its own account. */
export async function listAccounts(
  executor: Executor,
  principal: Principal,
  filter: { query?: string; limit: number; offset: number },
): Promise<{ items: AccountSummary[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.query) conditions.push(ilike(accounts.name, containsPattern(filter.query)));
  if (principal.kind === "apiKey") conditions.push(eq(accounts.id, principal.accountId));
  else if (!principal.isPlatformAdmin) {
    conditions.push(
      inArray(
        accounts.id,
        executor
          .select({ id: accountMembers.accountId })
          .from(accountMembers)
          .where(eq(accountMembers.userId, principal.userId)),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    executor
      .select({ id: accounts.id, name: accounts.name, createdAt: accounts.createdAt })
      .from(accounts)
      .where(where)
      .orderBy(asc(sql`lower(${accounts.name})`), asc(accounts.id))
      .limit(filter.limit)
      .offset(filter.offset),
    executor.select({ total: sql<number>`count(*)::int` }).from(accounts).where(where),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: count?.total ?? 0,
  };
}

export async function getAccount(context: AppContext, accountId: string): Promise<Account> {
  const [row] = await context.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw new AppError(404, "NOT_FOUND");
  return toAccount(context, context.db, row);
}

export async function createAccount(context: AppContext, caller: Caller, name: string): Promise<Account> {
  return context.db.transaction(async (tx) => {
    const [row] = await tx.insert(accounts).values({ name }).returning();
    if (!row) throw new AppError(409, "NOT_SAVED");
    await recordAudit(
      tx,
      caller.principal,
      {
        accountId: row.id,
        action: "accounts.account.created",
        targetType: "account",
        targetId: row.id,
        after: { name },
      },
      caller.ip,
    );
    return toAccount(context, tx, row);
  });
}

/** `settings.retentionDays`-style keys, so the audit summary names exactly the settings that changed. */
function flatten(view: AccountView): Record<string, unknown> {
  const flat: Record<string, unknown> = { name: view.name };
  for (const section of ["params", "defaultEventParams", "settings", "limits"] as const) {
    for (const [key, value] of Object.entries(view[section])) flat[`${section}.${key}`] = value;
  }
  return flat;
}

/**
 * Merges a partial update into each settings group; who may change which group is checked by the caller. A refusal
 * reads "Settings could not be saved. Reason: …" (SPEC §8), in `language`, with the field at fault.
 */
export async function updateAccount(
  context: AppContext,
  caller: Caller,
  accountId: string,
  body: AccountUpdateBody,
  language: Language,
): Promise<Account> {
  return context.db.transaction(async (tx) => {
    const row = await lockAccount(tx, accountId);
    const before = toView(row);
    const after: AccountView = {
      name: body.name ?? before.name,
      params: accountParamsSchema.parse({ ...before.params, ...body.params }),
      defaultEventParams: defaultEventParamsSchema.parse({ ...before.defaultEventParams, ...body.defaultEventParams }),
      settings: { ...before.settings, ...body.settings },
      limits: { ...before.limits, ...body.limits },
    };
    const [flatBefore, flatAfter] = [flatten(before), flatten(after)];
    // A parameter set for the first time was absent before: the summary says null rather than dropping it.
    for (const key of Object.keys(flatAfter)) flatBefore[key] ??= null;
    const diff = changedFields(flatBefore, flatAfter);
    if (Object.keys(diff.after).length === 0) return toAccount(context, tx, row);

    const domain = after.settings.defaultDomain;
    if (domain && domain !== before.settings.defaultDomain) {
      // The domain tells the web app which account a page belongs to: two accounts cannot share one.
      const [taken] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.defaultDomain, domain), ne(accounts.id, accountId)))
        .limit(1);
      if (taken) {
        throw new AppError(409, "SETTINGS_NOT_SAVED", {
          values: [translate("DOMAIN_USED_ELSEWHERE", language, domain)],
          fields: { "settings.defaultDomain": { code: "ACCOUNT_DOMAIN_TAKEN" } },
        });
      }
    }
    const [updated] = await tx
      .update(accounts)
      .set({
        name: after.name,
        params: after.params,
        defaultEventParams: after.defaultEventParams,
        ...after.settings,
        ...after.limits,
      })
      .where(eq(accounts.id, accountId))
      .returning();
    if (!updated) throw new AppError(404, "NOT_FOUND");
    await recordAudit(
      tx,
      caller.principal,
      { accountId, action: "accounts.account.updated", targetType: "account", targetId: accountId, ...diff },
      caller.ip,
    );
    return toAccount(context, tx, updated);
  });
}

import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { recordAudit } from "../audit/audit.service.js";
import { users } from "./auth.tables.js";

/**
 * PLATFORM_ADMIN_EMAILS makes platform administrators. Anyone may register any address without showing it is theirs
 * (registration mails nothing), so a listed address makes an administrator only of a user who has shown they receive
 * its mail:
 * - a listed address with no user gets one at start, an administrator with no password yet: its owner chooses one
 *   through "Forgot your password?", and meanwhile nobody can register the address (it is taken);
 * - a listed address that already has a user (who may have registered it without owning it) makes them administrator
 *   when they follow a link mailed to it: a password reset, an invitation, an email login link.
 * The role is kept in the database (users.is_platform_admin), as is one given otherwise (the demo seed's): taking an
 * address off the list does not take the role back.
 */

type UserRow = typeof users.$inferSelect;

const granted = "auth.platform_admin.granted";

/** At start: a user for each listed address that has none, and a line for each listed address still to act. */
export async function reservePlatformAdminAddresses(context: AppContext): Promise<void> {
  const listed = context.config.platformAdminEmails;
  if (listed.length === 0) return;
  await context.db.transaction(async (tx) => {
    // Instances starting together insert each address once: the others find it taken.
    const created = await tx
      .insert(users)
      .values(listed.map((email) => ({ email, isPlatformAdmin: true })))
      .onConflictDoNothing({ target: users.email })
      .returning();
    for (const user of created) {
      await recordAudit(
        tx,
        { kind: "system", label: "PLATFORM_ADMIN_EMAILS" },
        { accountId: null, action: granted, targetType: "user", targetId: user.id, after: { email: user.email } },
      );
    }
  });
  const waiting = await context.db
    .select({ email: users.email, isPlatformAdmin: users.isPlatformAdmin })
    .from(users)
    .where(and(inArray(users.email, listed), or(isNull(users.passwordHash), eq(users.isPlatformAdmin, false))));
  const forgotPassword = `"Forgot your password?" at ${context.config.publicUrl}/en/admin`;
  for (const { email, isPlatformAdmin } of waiting) {
    context.logger.warn(
      isPlatformAdmin
        ? `Platform administrator ${email} has no password yet: choose it through ${forgotPassword}`
        : `${email} (PLATFORM_ADMIN_EMAILS) was registered without showing it receives its mail: it becomes platform ` +
            `administrator once it follows a link mailed to it, such as the one of ${forgotPassword}`,
    );
  }
}

/**
 * Called where a user has just followed a link mailed to their address, in that transaction: a listed address
 * becomes a platform administrator.
 */
export async function grantListedPlatformAdmin(
  context: AppContext,
  executor: Executor,
  user: UserRow,
  ip: string,
): Promise<UserRow> {
  if (user.isPlatformAdmin || !context.config.platformAdminEmails.includes(user.email)) return user;
  const [updated] = await executor
    .update(users)
    .set({ isPlatformAdmin: true })
    .where(eq(users.id, user.id))
    .returning();
  await recordAudit(
    executor,
    { kind: "system", label: "PLATFORM_ADMIN_EMAILS" },
    { accountId: null, action: granted, targetType: "user", targetId: user.id, after: { email: user.email } },
    ip,
  );
  return updated ?? user;
}

import { eq } from "drizzle-orm";
import type { Database } from "../../db/connection.js";
import type { Principal } from "../../platform/auth-guard.js";
import { liveToken, users, userTokens } from "./auth.tables.js";

/** The signed-in user a session token belongs to, or null when it is unknown, used up or expired. */
export async function sessionPrincipal(db: Database, secret: string): Promise<Principal | null> {
  const [row] = await db
    .select({ sessionId: userTokens.id, user: users })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(liveToken(secret, "session"));
  if (!row) return null;
  const { user } = row;
  return {
    kind: "user",
    userId: user.id,
    email: user.email,
    label: `${user.firstName} ${user.lastName}`.trim() || user.email,
    isPlatformAdmin: user.isPlatformAdmin,
    sessionId: row.sessionId,
  };
}

import { hash, verify } from "@node-rs/argon2";
import { and, eq, isNull, sql } from "drizzle-orm";
import type {
  LoginBody,
  LoginResponse,
  Me,
  RegisterAdminBody,
  RegisterBody,
  ResetPasswordBody,
  Session,
  User,
} from "../../../contract/auth.js";
import type { Executor, Transaction } from "../../db/connection.js";
import type { Principal } from "../../platform/auth-guard.js";
import { checkCaptcha, spendCaptcha } from "../../platform/captcha.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, fieldError, isUniqueViolation } from "../../platform/errors.js";
import { isLanguage, type Language } from "../../platform/language.js";
import { consumeRateLimit, hitsInWindow, recordHits } from "../../platform/rate-limit.js";
import { hashSecret, newSecret } from "../../platform/tokens.js";
import { recordAudit } from "../audit/audit.service.js";
import { invitationMail, loginLinkMail, passwordResetMail } from "./auth.mails.js";
import { liveToken, type TokenPurpose, users, userTokens } from "./auth.tables.js";
import { grantListedPlatformAdmin } from "./platform-admins.js";

declare module "../../platform/context.js" {
  interface ModuleHooks {
    /** The accounts users sit in are the accounts module's, above this one (it invites organizers through it). */
    userAccounts: {
      /** Registration opens the new user's account, with them as its Overseer. */
      open: (tx: Transaction, userId: string, name: string) => Promise<{ id: string; name: string } | undefined>;
      /** The accounts a user sits in, by name, with their role there. */
      memberships: (executor: Executor, userId: string) => Promise<Me["memberships"]>;
      /** Whether one of the user's accounts wants a login link by mail after the password. */
      asksTwoFactor: (executor: Executor, userId: string) => Promise<boolean>;
      /** The name of an account, null when it is gone. */
      name: (executor: Executor, accountId: string) => Promise<string | null>;
    };
  }
}

const minutes = (n: number) => n * 60_000;
const tokenLifetimes: Record<TokenPurpose, number> = {
  session: minutes(60 * 24 * 30),
  password_reset: minutes(60),
  invitation: minutes(60 * 24 * 7),
  login_link: minutes(15),
  login_challenge: minutes(15),
};

/**
 * Per IP and per address, shared by every instance: stops password guessing and mail bombing. Sign-in attempts are
 * refused per client address only; an account's own sign-ins are never refused, or anyone could lock its owner out
 * by trying wrong passwords from anywhere. Past `loginFailuresPerEmail.max` wrong passwords on an address in its
 * window, a sign-in to it needs a solved captcha instead (as large identity providers do): its owner solves one in
 * about a second, while a guesser pays that proof of work for every further guess, on top of its address's limit.
 */
const limits = {
  loginPerIp: { name: "login-ip", max: 30, windowSeconds: 15 * 60 },
  loginFailuresPerEmail: { name: "login-failures-email", max: 5, windowSeconds: 15 * 60 },
  forgotPerIp: { name: "forgot-ip", max: 20, windowSeconds: 60 * 60 },
  forgotPerEmail: { name: "forgot-email", max: 5, windowSeconds: 60 * 60 },
  registerPerIp: { name: "register-ip", max: 20, windowSeconds: 60 * 60 },
  loginLinkPerChallenge: { name: "login-link", max: 5, windowSeconds: 15 * 60 },
};

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    language: isLanguage(row.language) ? row.language : "en",
    isPlatformAdmin: row.isPlatformAdmin,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

export const hashPassword = (password: string) => hash(password);

/** Hands out a new secret of one purpose and stores only its hash. */
export async function issueToken(
  executor: Executor,
  userId: string,
  purpose: TokenPurpose,
  accountId: string | null = null,
): Promise<string> {
  const secret = newSecret();
  await executor.insert(userTokens).values({
    userId,
    purpose,
    accountId,
    tokenHash: hashSecret(secret),
    expiresAt: new Date(Date.now() + tokenLifetimes[purpose]),
  });
  return secret;
}

/** Uses up a single-use token: it must exist, have this purpose, be unused and unexpired. */
async function consumeToken(executor: Executor, secret: string, purpose: TokenPurpose) {
  const [token] = await executor
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(liveToken(secret, purpose))
    .returning();
  return token;
}

async function revokeTokens(executor: Executor, userId: string, purpose: TokenPurpose) {
  await executor
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

async function openSession(executor: Executor, user: UserRow): Promise<Session> {
  const token = await issueToken(executor, user.id, "session");
  const [updated] = await executor
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return { token, user: toUser(updated ?? user) };
}

const pageUrl = (context: AppContext, language: Language, page: string, token: string) =>
  `${context.config.publicUrl}/${language}/admin/${page}?token=${encodeURIComponent(token)}`;

export async function register(
  context: AppContext,
  body: RegisterBody,
  language: Language,
  ip: string,
): Promise<Session> {
  await consumeRateLimit(context.db, [limits.registerPerIp, ip]);
  const passwordHash = await hashPassword(body.password);
  return context.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, body.email));
    if (existing) throw fieldError("email", "EMAIL_TAKEN");
    const [user] = await tx
      .insert(users)
      .values({
        email: body.email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        language: body.language ?? language,
      })
      .returning()
      .catch((error: unknown) => {
        // Two sign-ups racing for one address: the loser gets the same answer as if it had come second.
        throw isUniqueViolation(error, "users_email_unique") ? fieldError("email", "EMAIL_TAKEN") : error;
      });
    const account = user && (await context.hooks.userAccounts.open(tx, user.id, body.accountName));
    if (!user || !account) throw new AppError(400, "REGISTRATION_FAILED");
    const actor = { kind: "system" as const, label: `${body.firstName} ${body.lastName}` };
    await recordAudit(
      tx,
      actor,
      {
        accountId: account.id,
        action: "auth.account.registered",
        targetType: "account",
        targetId: account.id,
        after: { name: account.name, email: user.email },
      },
      ip,
    );
    return openSession(tx, user);
  });
}

// Verifying against a real hash when the address is unknown keeps the answer time the same: no account probing.
const decoyHash = hash("decoy-password-for-timing-Aa1!");

export async function login(
  context: AppContext,
  body: LoginBody,
  language: Language,
  ip: string,
): Promise<LoginResponse> {
  await consumeRateLimit(context.db, [limits.loginPerIp, ip]);
  const failures = [limits.loginFailuresPerEmail, body.email] as const;
  if ((await hitsInWindow(context.db, failures)) >= limits.loginFailuresPerEmail.max) {
    if (!body.captcha) {
      throw new AppError(401, "CAPTCHA_REQUIRED", { fields: { captcha: { code: "CAPTCHA_REQUIRED" } } });
    }
    await checkCaptcha(context, body.captcha);
    await spendCaptcha(context.db, body.captcha);
  }
  const [user] = await context.db.select().from(users).where(eq(users.email, body.email));
  const valid = await verify(user?.passwordHash ?? (await decoyHash), body.password);
  if (!user?.passwordHash || !valid) {
    await recordHits(context.db, failures);
    throw new AppError(401, "INVALID_CREDENTIALS");
  }

  const twoFactor = await context.hooks.userAccounts.asksTwoFactor(context.db, user.id);
  if (!twoFactor) return context.db.transaction((tx) => openSession(tx, user));

  const challenge = await context.db.transaction(async (tx) => {
    const secret = await issueToken(tx, user.id, "login_challenge");
    await mailLoginLink(context, tx, user, language);
    return secret;
  });
  await context.mailer.kick();
  return { twoFactorRequired: true, challenge };
}

async function mailLoginLink(context: AppContext, executor: Executor, user: UserRow, language: Language) {
  await revokeTokens(executor, user.id, "login_link");
  const token = await issueToken(executor, user.id, "login_link");
  const mail = loginLinkMail(language, pageUrl(context, language, "sending-token", token));
  await context.mailer.enqueue(executor, { to: user.email, template: "auth.login_link", language, ...mail });
}

/** Mails a fresh login link for a pending two-factor sign-in ("send again" on the sending-token page). */
export async function resendLoginLink(context: AppContext, challenge: string, language: Language): Promise<void> {
  await consumeRateLimit(context.db, [limits.loginLinkPerChallenge, hashSecret(challenge)]);
  await context.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ user: users })
      .from(userTokens)
      .innerJoin(users, eq(users.id, userTokens.userId))
      .where(liveToken(challenge, "login_challenge"));
    if (!row) throw new AppError(400, "LINK_INVALID");
    await mailLoginLink(context, tx, row.user, language);
  });
  await context.mailer.kick();
}

export async function loginWithLink(context: AppContext, secret: string, ip: string): Promise<Session> {
  return context.db.transaction(async (tx) => {
    const token = await consumeToken(tx, secret, "login_link");
    if (!token) throw new AppError(400, "LINK_INVALID");
    await revokeTokens(tx, token.userId, "login_challenge");
    const [user] = await tx.select().from(users).where(eq(users.id, token.userId));
    if (!user) throw new AppError(400, "LINK_INVALID");
    return openSession(tx, await grantListedPlatformAdmin(context, tx, user, ip));
  });
}

export async function logout(context: AppContext, principal: Extract<Principal, { kind: "user" }>) {
  await context.db.update(userTokens).set({ usedAt: sql`now()` }).where(eq(userTokens.id, principal.sessionId));
}

export async function me(context: AppContext, userId: string): Promise<Me> {
  const [user] = await context.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, "UNAUTHENTICATED");
  const memberships = await context.hooks.userAccounts.memberships(context.db, userId);
  return { user: toUser(user), memberships };
}

/** Always answers the same, known address or not; mails a single-use link valid one hour when it is known. */
export async function forgotPassword(context: AppContext, email: string, language: Language, ip: string) {
  await consumeRateLimit(context.db, [limits.forgotPerIp, ip], [limits.forgotPerEmail, email]);
  const [user] = await context.db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  await context.db.transaction(async (tx) => {
    await revokeTokens(tx, user.id, "password_reset");
    const token = await issueToken(tx, user.id, "password_reset");
    const mail = passwordResetMail(language, pageUrl(context, language, "reset-password", token));
    await context.mailer.enqueue(tx, { to: user.email, template: "auth.password_reset", language, ...mail });
  });
  await context.mailer.kick();
}

/** Sets the new password, uses up the link and signs out every session of the user. */
export async function resetPassword(context: AppContext, body: ResetPasswordBody, ip: string) {
  const passwordHash = await hashPassword(body.password);
  await context.db.transaction(async (tx) => {
    const token = await consumeToken(tx, body.token, "password_reset");
    if (!token) throw fieldError("token", "LINK_INVALID");
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, token.userId)).returning();
    if (!user) throw fieldError("token", "LINK_INVALID");
    await grantListedPlatformAdmin(context, tx, user, ip);
    await revokeTokens(tx, user.id, "session");
    await revokeTokens(tx, user.id, "password_reset");
    await recordAudit(
      tx,
      { kind: "system", label: user.email },
      {
        accountId: null,
        action: "auth.password.reset",
        targetType: "user",
        targetId: user.id,
      },
      ip,
    );
  });
}

/**
 * Creates an invitation link for an organizer and mails it. Called by the accounts module when an organizer is
 * invited or invited again; any earlier invitation link stops working.
 */
export async function inviteOrganizer(
  context: AppContext,
  executor: Executor,
  invitation: {
    userId: string;
    email: string;
    language: Language;
    accountId: string;
    accountName: string;
    inviterName: string;
  },
) {
  await revokeTokens(executor, invitation.userId, "invitation");
  const token = await issueToken(executor, invitation.userId, "invitation", invitation.accountId);
  const mail = invitationMail(invitation.language, {
    url: pageUrl(context, invitation.language, "register-admin", token),
    accountName: invitation.accountName,
    inviterName: invitation.inviterName,
  });
  await context.mailer.enqueue(executor, {
    to: invitation.email,
    template: "auth.invitation",
    language: invitation.language,
    accountId: invitation.accountId,
    ...mail,
  });
}

/** What the complete-registration page shows: the invited address and the inviting account. */
export async function readInvitation(context: AppContext, secret: string) {
  const [row] = await context.db
    .select({ user: users, accountId: userTokens.accountId })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(liveToken(secret, "invitation"));
  if (!row) throw new AppError(400, "LINK_INVALID");
  return {
    email: row.user.email,
    accountName: row.accountId && (await context.hooks.userAccounts.name(context.db, row.accountId)),
    firstName: row.user.firstName,
    lastName: row.user.lastName,
  };
}

export async function completeRegistration(context: AppContext, body: RegisterAdminBody, ip: string): Promise<Session> {
  const passwordHash = await hashPassword(body.password);
  return context.db.transaction(async (tx) => {
    const token = await consumeToken(tx, body.token, "invitation");
    if (!token) throw fieldError("token", "LINK_INVALID");
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        ...(body.language && { language: body.language }),
      })
      .where(eq(users.id, token.userId))
      .returning();
    if (!user) throw fieldError("token", "LINK_INVALID");
    await recordAudit(
      tx,
      { kind: "system", label: user.email },
      {
        accountId: token.accountId,
        action: "auth.invitation.accepted",
        targetType: "user",
        targetId: user.id,
      },
      ip,
    );
    return openSession(tx, await grantListedPlatformAdmin(context, tx, user, ip));
  });
}

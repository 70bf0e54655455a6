import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AccountRole } from "../../contract/auth.js";
import { accountMembers } from "../modules/accounts/accounts.tables.js";
import { hashPassword } from "../modules/auth/auth.service.js";
import { users } from "../modules/auth/auth.tables.js";
import { mails } from "../platform/mail.tables.js";
import { madeBeforeAll, type TestApp } from "./test-app.js";

/** A password that passes SPEC §5, shared by every test user. */
export const testPassword = "Str0ng&Secure-pass";

const uniqueEmail = (label: string) => `${label.toLowerCase()}-${randomBytes(4).toString("hex")}@example.test`;

export type SignedIn = { token: string; userId: string; email: string };

/** Creates an account the way a newcomer does (POST /auth/register): its creator is the account's Overseer. */
export async function registerAccount(
  t: TestApp,
  options: { email?: string; accountName?: string; language?: string } = {},
): Promise<SignedIn & { accountId: string }> {
  const email = options.email ?? uniqueEmail("owner");
  const response = await t.request({
    method: "POST",
    url: "/api/v1/auth/register",
    body: {
      email,
      password: testPassword,
      passwordConfirmation: testPassword,
      firstName: "Olivia",
      lastName: "Owner",
      accountName: options.accountName ?? "Acme Events",
    },
    language: options.language,
  });
  if (response.status !== 201) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  const me = await t.request({ method: "GET", url: "/api/v1/auth/me", token: response.body.token });
  return {
    token: response.body.token,
    userId: response.body.user.id,
    email,
    accountId: me.body.memberships[0].accountId,
  };
}

/** Signs in through the API and returns the session token. */
export async function signIn(t: TestApp, email: string, password = testPassword): Promise<string> {
  const response = await t.request({ method: "POST", url: "/api/v1/auth/login", body: { email, password } });
  if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  return response.body.token;
}

/**
 * A registered user with one role in an account, written straight to the database so a test of one module does not
 * depend on another module's routes. Signed in through the real login.
 */
export async function addMember(
  t: TestApp,
  accountId: string,
  role: AccountRole,
  label: string = role,
): Promise<SignedIn> {
  const email = uniqueEmail(label);
  const [user] = await t.context.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(testPassword), firstName: label, lastName: "Tester" })
    .returning();
  if (!user) throw new Error("user insert failed");
  await t.context.db.insert(accountMembers).values({ accountId, userId: user.id, role });
  return { token: await signIn(t, email), userId: user.id, email };
}

/** A platform Administrator (SPEC §6), who belongs to no account. */
export async function addPlatformAdmin(t: TestApp): Promise<SignedIn> {
  const email = uniqueEmail("platform");
  const [user] = await t.context.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(testPassword),
      firstName: "Pat",
      lastName: "Platform",
      isPlatformAdmin: true,
    })
    .returning();
  if (!user) throw new Error("user insert failed");
  return { token: await signIn(t, email), userId: user.id, email };
}

/** Waits until the mail job has delivered every queued mail, then returns the mails sent to one address. */
export async function mailsTo(t: TestApp, address: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await t.context.db.select().from(mails).where(eq(mails.toAddress, address.toLowerCase()));
    const pending = rows.some((row) => row.status === "queued" || row.status === "sending");
    if (!pending || Date.now() > deadline) return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Pulls the `token` query parameter out of the first link of a mail. */
export function tokenFromMail(mail: { text: string }): string {
  const match = mail.text.match(/[?&]token=([^\s&]+)/);
  if (!match?.[1]) throw new Error(`no token link in mail: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

/**
 * The cast most API tests need: an account's Overseer, a Reader of the same account, and the Overseer of another
 * account (who must only ever get 404 on the first account's data).
 */
export async function registerTenants(t: TestApp) {
  const owner = await registerAccount(t);
  const reader = await addMember(t, owner.accountId, "reader");
  const other = await registerAccount(t, { accountName: "Other Co" });
  return { owner, reader, other };
}

/** The cast of `registerTenants`, made before the file's tests, each of them ready to be taken at the top level. */
export function tenantsForFile(t: TestApp) {
  const tenants = madeBeforeAll(() => registerTenants(t));
  return {
    owner: madeBeforeAll(async () => tenants.owner),
    reader: madeBeforeAll(async () => tenants.reader),
    other: madeBeforeAll(async () => tenants.other),
  };
}

import { z } from "zod";
import { captchaSolutionSchema } from "./captcha.js";
import { emailSchema, languageSchema, passwordSchema, withPasswordConfirmation } from "./common.js";

const requiredName = z.string().trim().min(1, "FIELD_REQUIRED").max(100);

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  language: languageSchema,
  isPlatformAdmin: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const accountRoles = ["overseer", "organizer", "editor", "reader"] as const;
export const accountRoleSchema = z.enum(accountRoles);
export type AccountRole = z.infer<typeof accountRoleSchema>;

export const membershipSchema = z.object({ accountId: z.string(), accountName: z.string(), role: accountRoleSchema });
export type Membership = z.infer<typeof membershipSchema>;

export const sessionSchema = z.object({ token: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

export const meSchema = z.object({ user: userSchema, memberships: z.array(membershipSchema) });
export type Me = z.infer<typeof meSchema>;

export const registerBody = withPasswordConfirmation(
  z.object({
    email: emailSchema,
    password: passwordSchema,
    passwordConfirmation: z.string().min(1, "FIELD_REQUIRED"),
    firstName: requiredName,
    lastName: requiredName,
    accountName: requiredName,
    language: languageSchema.optional(),
  }),
);
export type RegisterBody = z.infer<typeof registerBody>;

/** Empty fields answer "Please complete all fields" (SPEC §5 Login). */
export const loginBody = z.object({
  email: z.string("COMPLETE_ALL_FIELDS").trim().toLowerCase().min(1, "COMPLETE_ALL_FIELDS"),
  password: z.string("COMPLETE_ALL_FIELDS").min(1, "COMPLETE_ALL_FIELDS"),
  /** Asked for (CAPTCHA_REQUIRED) once an address has had several wrong passwords in a row. */
  captcha: captchaSolutionSchema.optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** With two-factor on, a correct password does not sign in: a login link is mailed instead. */
export const loginResponse = z.union([
  sessionSchema,
  z.object({ twoFactorRequired: z.literal(true), challenge: z.string() }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const forgotPasswordBody = z.object({ email: emailSchema });

export const resetPasswordBody = withPasswordConfirmation(
  z.object({
    token: z.string().min(1, "LINK_INVALID"),
    password: passwordSchema,
    passwordConfirmation: z.string().min(1, "FIELD_REQUIRED"),
  }),
);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** An invited organizer completes registration from the invitation link. */
export const registerAdminBody = withPasswordConfirmation(
  z.object({
    token: z.string().min(1, "LINK_INVALID"),
    firstName: requiredName,
    lastName: requiredName,
    password: passwordSchema,
    passwordConfirmation: z.string().min(1, "FIELD_REQUIRED"),
    language: languageSchema.optional(),
  }),
);
export type RegisterAdminBody = z.infer<typeof registerAdminBody>;

/** What the complete-registration page shows before the form: who invited whom. */
export const invitationSchema = z.object({
  email: z.string(),
  accountName: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const sendTokenBody = z.object({ challenge: z.string().min(1, "LINK_INVALID") });
export const loginTokenBody = z.object({ token: z.string().min(1, "LINK_INVALID") });

export const okSchema = z.object({ ok: z.literal(true) });
export const invitationQuery = z.object({ token: z.string().min(1, "LINK_INVALID") });

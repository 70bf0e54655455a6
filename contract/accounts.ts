import { z } from "zod";
import { accountRoleSchema } from "./auth.js";
import {
  domainNameSchema,
  emailSchema,
  idSchema,
  languageSchema,
  listOf,
  listQuery,
  optionalWebAddress,
} from "./common.js";

export const accountParams = z.object({ account: idSchema });
export const accountItemParams = z.object({ account: idSchema, id: idSchema });

const optionalText = (max: number) => z.string().trim().max(max).optional();

const timezoneSchema = z.string().trim().min(1).max(64);

/*
 * Each settings group has its fields twice: without defaults for the partial update bodies (a default there would
 * silently reset whatever the update leaves out), and with defaults for what is read back.
 */
const accountParamsFields = z.object({
  contactEmail: emailSchema.optional().or(z.literal("")),
  phone: optionalText(30),
  website: optionalWebAddress(300).optional(),
  language: languageSchema,
  timezone: timezoneSchema,
});

/** What an account's organizers set for themselves. */
export const accountParamsSchema = accountParamsFields.extend({
  language: languageSchema.default("en"),
  timezone: timezoneSchema.default("Europe/Paris"),
});
export type AccountParams = z.infer<typeof accountParamsSchema>;

const defaultEventParamsFields = z.object({
  timezone: timezoneSchema,
  languages: z.array(languageSchema).min(1),
  preferredLanguage: languageSchema,
  maxCompanions: z.number().int().min(0).max(100),
  ratingMax: z.number().int().min(2).max(10),
});
/** Copied into every new event of the account (SPEC §2 "default event params"). */
export const defaultEventParamsSchema = z.object({
  timezone: defaultEventParamsFields.shape.timezone.default("Europe/Paris"),
  languages: defaultEventParamsFields.shape.languages.default(["fr", "en"]),
  preferredLanguage: defaultEventParamsFields.shape.preferredLanguage.default("en"),
  maxCompanions: defaultEventParamsFields.shape.maxCompanions.default(0),
  ratingMax: defaultEventParamsFields.shape.ratingMax.default(5),
});
export type DefaultEventParams = z.infer<typeof defaultEventParamsSchema>;

export const moduleFlagsSchema = z.object({
  multilang: z.boolean(),
  ebadge: z.boolean(),
  misc: z.boolean(),
  singleImagePartners: z.boolean(),
});

/** Admin settings an overseer changes. */
export const accountSettingsSchema = z.object({
  defaultDomain: domainNameSchema.nullable(),
  retentionDays: z.number().int().min(30).max(3650),
  multilang: z.boolean(),
  twoFactor: z.boolean(),
});

/** Limits only a platform Administrator changes: they are what the customer pays for. */
export const accountLimitsSchema = z.object({
  whiteLabel: z.boolean(),
  modules: moduleFlagsSchema,
  offlineCheckinLimit: z.number().int().min(0).max(1000),
  maxOrganizers: z.number().int().min(1).max(10_000),
  maxEvents: z.number().int().min(1).max(100_000).nullable(),
});

export const accountSchema = z.object({
  id: z.string(),
  name: z.string(),
  params: accountParamsSchema,
  defaultEventParams: defaultEventParamsSchema,
  settings: accountSettingsSchema,
  limits: accountLimitsSchema,
  usage: z.object({ organizers: z.number().int(), events: z.number().int() }),
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountUpdateBody = z.object({
  name: z.string().trim().min(1, "FIELD_REQUIRED").max(100).optional(),
  params: accountParamsFields.partial().optional(),
  defaultEventParams: defaultEventParamsFields.partial().optional(),
  settings: accountSettingsSchema.partial().optional(),
  limits: accountLimitsSchema.partial().optional(),
});
export type AccountUpdateBody = z.infer<typeof accountUpdateBody>;

export const accountCreateBody = z.object({ name: z.string().trim().min(1, "FIELD_REQUIRED").max(100) });
export const accountSummarySchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
export const accountList = listOf(accountSummarySchema);
/** `query` searches account names. */
export const accountListQuery = listQuery.extend({ query: z.string().trim().max(200).optional() });

/* Organizers ("administrators" in the API paths of SPEC §7). */

export const teamRefSchema = z.object({ id: z.string(), name: z.string() });

export const administratorSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  language: languageSchema,
  /** The role in the account the list was asked for; null in the platform-wide list. */
  role: accountRoleSchema.nullable(),
  /** False until the invited organizer has chosen a password. */
  registered: z.boolean(),
  isPlatformAdmin: z.boolean(),
  lastLoginAt: z.string().nullable(),
  teams: z.array(teamRefSchema),
});
export type Administrator = z.infer<typeof administratorSchema>;
export const administratorList = listOf(administratorSchema);

export const administratorListQuery = listQuery.extend({
  accountId: idSchema.optional(),
  query: z.string().trim().max(200).optional(),
});

/** Invites an organizer into an account; an address already on the platform links the existing user. */
export const administratorCreateBody = z.object({
  accountId: idSchema,
  email: emailSchema,
  firstName: z.string().trim().max(100).default(""),
  lastName: z.string().trim().max(100).default(""),
  language: languageSchema.default("en"),
  role: accountRoleSchema,
});
export type AdministratorCreateBody = z.infer<typeof administratorCreateBody>;

export const administratorUpdateBody = z.object({
  accountId: idSchema.optional(),
  firstName: z.string().trim().min(1, "FIELD_REQUIRED").max(100).optional(),
  lastName: z.string().trim().min(1, "FIELD_REQUIRED").max(100).optional(),
  language: languageSchema.optional(),
  /** Needs accountId: a role belongs to one account. */
  role: accountRoleSchema.optional(),
});

/** POST administrators/{id}/invite: mails the invitation to an account again. */
export const administratorInviteBody = z.object({ accountId: idSchema });

export const administratorAccountsSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), role: accountRoleSchema })),
});

/** PUT accounts/{account}/administrators/{id}: links an existing user to the account, or changes the role. */
export const accountAdministratorBody = z.object({ role: accountRoleSchema });

/* Teams */

export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(teamMemberSchema),
  eventCount: z.number().int(),
  createdAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;
export const teamList = listOf(teamSchema);
export const teamBody = z.object({ name: z.string().trim().min(1, "FIELD_REQUIRED").max(100) });
export const teamMemberParams = z.object({ account: idSchema, id: idSchema, adminId: idSchema });

/* API keys */

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyList = listOf(apiKeySchema);
export const apiKeyCreateBody = z.object({ name: z.string().trim().min(1, "FIELD_REQUIRED").max(100) });
/** The only answer that ever carries the key itself. */
export const apiKeyCreated = z.object({ key: z.string(), apiKey: apiKeySchema });

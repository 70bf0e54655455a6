import { z } from "zod";
import { commaList, listOf, listQuery } from "./common.js";

export const auditLogQuery = listQuery.extend({
  query: z.string().trim().max(200).optional(),
  /** Actions to leave out, joined by comma (SPEC §7). */
  exclude: commaList(z.string()),
  eventId: z.string().uuid().optional(),
});

export const auditLogSchema = z.object({
  id: z.string(),
  accountId: z.string().nullable(),
  eventId: z.string().nullable(),
  actorUserId: z.string().nullable(),
  actorApiKeyId: z.string().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;
export const auditLogList = listOf(auditLogSchema);

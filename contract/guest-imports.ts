import { z } from "zod";
import { idSchema } from "./common.js";
import { eventScopeParams } from "./guests.js";

/** The largest file the import accepts (stated in the wizard and enforced by the server). */
export const importMaxBytes = 10 * 1024 * 1024;

/** Guest fields an imported column can fill; custom fields are `customField:<id>`. */
export const importGuestFields = [
  "firstName",
  "lastName",
  "civility",
  "email",
  "company",
  "jobTitle",
  "phone",
  "status",
  "companionsExpected",
  "prescriber",
] as const;
export type ImportGuestField = (typeof importGuestFields)[number];
export const customFieldTargetPrefix = "customField:";
export const customFieldTarget = (fieldId: string) => `${customFieldTargetPrefix}${fieldId}`;

/** Column index (as a string) → target; a column left out is ignored. */
export const importMappingSchema = z.record(z.string().regex(/^\d+$/, "FIELD_INVALID"), z.string().min(1).max(60));
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const onExistingEmailSchema = z.enum(["skip", "update"]);

export const importStatusSchema = z.enum(["uploaded", "queued", "running", "completed", "failed"]);

export const importParams = eventScopeParams.extend({ id: idSchema });
export const legacyImportParams = z.object({ event: z.string().min(1).max(200) });

export const importStartBody = z.object({
  mapping: importMappingSchema,
  onExistingEmail: onExistingEmailSchema.default("skip"),
});
export type ImportStartBody = z.infer<typeof importStartBody>;

/** An import's progress and counts, for the progress bar and the summary. */
export const importProgressSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: importStatusSchema,
  onExistingEmail: onExistingEmailSchema,
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  createdCount: z.number().int(),
  updatedCount: z.number().int(),
  skippedCount: z.number().int(),
  errorCount: z.number().int(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** The answer to an upload: what the Match fields step shows. */
export const uploadedImportSchema = importProgressSchema.extend({
  columns: z.array(z.string()),
  sampleRows: z.array(z.array(z.string())),
  suggestedMapping: importMappingSchema,
});
export type UploadedImport = z.infer<typeof uploadedImportSchema>;

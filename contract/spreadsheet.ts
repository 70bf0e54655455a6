import { z } from "zod";
import { languageSchema } from "./common.js";

/** The files a list exports to (guests, orders, form answers): CSV or Excel. */
export const spreadsheetFormats = ["csv", "xlsx"] as const;
export type SpreadsheetFormat = (typeof spreadsheetFormats)[number];

export const spreadsheetContentTypes: Record<SpreadsheetFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/**
 * What every spreadsheet export's query takes beside its own selection: the file's format, and the language of its
 * headers and labels (the Accept-Language header when absent).
 */
export const spreadsheetQuery = z.object({
  format: z.enum(spreadsheetFormats).default("csv"),
  language: languageSchema.optional(),
});

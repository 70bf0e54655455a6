import { z } from "zod";
import { idSchema, listOf } from "./common.js";

/**
 * SPEC §3 Font: an account's own typefaces, WOFF2 files only ("Font is not valid."), used by e-badges and the public
 * page. `type` is the face's style; `alternateFont` is the web-safe family that stands in where the file cannot be
 * used (mail clients, a missing glyph).
 */
export const fontTypes = ["regular", "bold", "italic", "boldItalic"] as const;
export const fontTypeSchema = z.enum(fontTypes);
export type FontType = z.infer<typeof fontTypeSchema>;
export const alternateFonts = ["Arial", "Helvetica", "Georgia", "Times New Roman", "Verdana", "Courier New"] as const;
export const alternateFontSchema = z.enum(alternateFonts);

/** A WOFF2 file is at most this large (SPEC §9 "other files 15 MB"; a real face is 20 to 200 kB). */
export const fontMaxBytes = 15 * 1024 * 1024;

export const fontParams = z.object({ account: idSchema, id: idSchema });
/** POST fonts: a face whose file was uploaded (POST fonts/upload answers its `fileId`). */
export const fontBody = z.object({
  name: z.string().trim().min(1, "FIELD_REQUIRED").max(80),
  type: fontTypeSchema.default("regular"),
  alternateFont: alternateFontSchema.default("Arial"),
  active: z.boolean().default(true),
  fileId: idSchema,
});
/** Only the fields sent change: the creation's defaults are removed, or an edit of the name would reset the type. */
export const fontUpdateBody = z
  .object({
    name: fontBody.shape.name,
    type: fontTypeSchema,
    alternateFont: alternateFontSchema,
    active: z.boolean(),
  })
  .partial();

export const fontSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  type: fontTypeSchema,
  alternateFont: alternateFontSchema,
  active: z.boolean(),
  /** The public, immutable address of the WOFF2 file (cached for a year). */
  url: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Font = z.infer<typeof fontSchema>;
export const fontList = listOf(fontSchema);
/** POST fonts/upload: the file checked as WOFF2, kept until a font names it; its family name read from the file. */
export const fontUploadSchema = z.object({ fileId: z.string(), familyName: z.string(), size: z.number().int() });
/**
 * An active font as the public event page declares it (@font-face): the faces of one family share `family` (the name
 * read from the file), told apart by `type`.
 */
export const publicFontSchema = z.object({
  family: z.string(),
  type: fontTypeSchema,
  url: z.string(),
  alternateFont: alternateFontSchema,
});
export type PublicFont = z.infer<typeof publicFontSchema>;
export const publicFontParams = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.woff2$/, "NOT_FOUND") });

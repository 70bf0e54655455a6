import { z } from "zod";
import { idSchema } from "./common.js";

const megabytes = (n: number) => n * 1024 * 1024;

/**
 * What an image is uploaded for, which sets its size limit and whether a GIF is accepted (SPEC §5 and §9: "2 MB
 * general, 8 MB in one uploader"; "gif in some places"). 8 MB goes to the campaign editor, as a mail's banner is often
 * a large photo or an animated GIF, which mail clients show, and to the photo gallery, whose photos come from cameras.
 * An e-badge's background is an A4 page (4 MB, no GIF: it is printed).
 */
export const imagePurposes = {
  general: { maxBytes: megabytes(2), allowGif: false },
  campaign: { maxBytes: megabytes(8), allowGif: true },
  ebadge: { maxBytes: megabytes(4), allowGif: false },
  /** A photo of the event's public gallery (content/photos). */
  photo: { maxBytes: megabytes(8), allowGif: false },
} as const satisfies Record<string, { maxBytes: number; allowGif: boolean }>;
export type ImagePurpose = keyof typeof imagePurposes;
export const imagePurposeSchema = z.enum(Object.keys(imagePurposes) as [ImagePurpose, ...ImagePurpose[]]);

/**
 * The widths of the resized copies made at upload, never larger than the original: an image narrower than one of
 * them gets its own width under that name, and the larger names are not made.
 */
export const imageVariantWidths = [320, 640, 1280] as const;

export const imageContentTypes = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

export const imageParams = z.object({ account: idSchema, event: idSchema, id: idSchema });
export const uploadImageQuery = z.object({ purpose: imagePurposeSchema.default("general") });
/** A variant's name: a width of imageVariantWidths, with `.webp` for its WebP copy (`640`, `640.webp`). */
export const publicImageParams = z.object({ id: idSchema, variant: z.string().max(20) });

export const imageVariantSchema = z.object({
  /** The name in the public URL. */
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});

export const imageSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  purpose: imagePurposeSchema,
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  /** The largest mail-safe (JPEG, PNG or GIF) variant: the one to put in a mail or a page. */
  url: z.string(),
  variants: z.array(imageVariantSchema),
  createdAt: z.string(),
});
export type Image = z.infer<typeof imageSchema>;

import { z } from "zod";
import { idSchema, listOf, localizedTextSchema } from "./common.js";
import { guestConditionsSchema, guestFieldKeySchema } from "./guest-conditions.js";
import { eventScopeParams } from "./guests.js";

/**
 * SPEC §3 E-badge: a page design (A4 by default) with a background image and positioned blocks, printed for each guest
 * it is for. Positions and sizes are millimetres from the page's top-left corner; rotations are degrees, clockwise.
 */
export const ebadgeFormats = { A4: [210, 297], A5: [148, 210], A6: [105, 148] } as const;
export type EbadgeFormat = keyof typeof ebadgeFormats;
export const ebadgeFormatSchema = z.enum(Object.keys(ebadgeFormats) as [EbadgeFormat, ...EbadgeFormat[]]);

export const ebadgeBlockKinds = ["text", "logo", "date", "location", "qr", "field"] as const;
export const ebadgeBlockKindSchema = z.enum(ebadgeBlockKinds);
export type EbadgeBlockKind = z.infer<typeof ebadgeBlockKindSchema>;

const millimetres = z.number().min(0).max(420);
export const ebadgeBlockSchema = z.object({
  /** Made by the designer; unique within the badge. */
  id: z.string().min(1).max(40),
  kind: ebadgeBlockKindSchema,
  x: millimetres,
  y: millimetres,
  width: millimetres.min(1),
  height: millimetres.min(1),
  rotation: z.number().min(-360).max(360).default(0),
  /** `text`: what it says, per event language. */
  text: localizedTextSchema.optional(),
  /** `field`: which of the guest's fields it prints. */
  field: guestFieldKeySchema.optional(),
  /** `logo`: an image of the event (SPEC §7 images). */
  imageId: idSchema.optional(),
  /** One of the account's active fonts, or null for the built-in face. */
  fontId: idSchema.nullable().default(null),
  fontSize: z.number().min(4).max(200).default(14),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "FIELD_INVALID")
    .default("#000000"),
  align: z.enum(["left", "center", "right"]).default("left"),
});
export type EbadgeBlock = z.output<typeof ebadgeBlockSchema>;

export const ebadgeBody = z.object({
  name: z.string().trim().min(1, "FIELD_REQUIRED").max(100),
  format: ebadgeFormatSchema.default("A4"),
  orientation: z.enum(["portrait", "landscape"]).default("portrait"),
  /** The whole design's rotation on the page, in degrees (a badge printed sideways on a folded A4). */
  rotation: z.number().min(-360).max(360).default(0),
  /** An image uploaded with purpose `ebadge` (jpeg, png or webp, 4 MB at most). */
  backgroundImageId: idSchema.nullable().default(null),
  blocks: z.array(ebadgeBlockSchema).max(60).default([]),
});
export type EbadgeBody = z.input<typeof ebadgeBody>;
/** POST ebadges: a new design, or a copy of another one of the account (`copyFrom`, any of its events). */
export const ebadgeCreateBody = ebadgeBody.extend({ copyFrom: idSchema.optional() });
/** Only the fields sent change: the creation's defaults are removed, or saving the name would reset the format. */
export const ebadgeUpdateBody = z
  .object({
    name: ebadgeBody.shape.name,
    format: ebadgeBody.shape.format.removeDefault(),
    orientation: ebadgeBody.shape.orientation.removeDefault(),
    rotation: ebadgeBody.shape.rotation.removeDefault(),
    backgroundImageId: ebadgeBody.shape.backgroundImageId.removeDefault(),
    blocks: ebadgeBody.shape.blocks.removeDefault(),
  })
  .partial();

export const ebadgeSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  format: ebadgeFormatSchema,
  orientation: z.enum(["portrait", "landscape"]),
  rotation: z.number(),
  backgroundImageId: z.string().nullable(),
  /** The background's largest variant, for the designer. */
  backgroundUrl: z.string().nullable(),
  blocks: z.array(ebadgeBlockSchema),
  conditions: guestConditionsSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Ebadge = z.infer<typeof ebadgeSchema>;
export const ebadgeList = listOf(ebadgeSchema);
export const ebadgeParams = eventScopeParams.extend({ id: idSchema });
/** GET /accounts/{account}/ebadges: every design of the account, with its event, to start from one. */
export const accountEbadgeList = listOf(ebadgeSchema.extend({ eventName: z.string() }));

/**
 * GET and POST ebadges/conditions: which guests get which badge. A badge with null conditions is for nobody once
 * another has conditions; with no conditions anywhere, the first badge is everyone's. Conditions need at least one
 * e-badge ("at least one e-badge needed to set conditions").
 */
export const ebadgeConditionsBody = z.object({
  rules: z.array(z.object({ ebadgeId: idSchema, conditions: guestConditionsSchema.nullable() })).max(50),
});
export const ebadgeConditionsSchema = z.object({
  rules: z.array(z.object({ ebadgeId: z.string(), name: z.string(), conditions: guestConditionsSchema.nullable() })),
  /** Guests who would get more than one badge: the warning of SPEC §5 (each gets the first that matches). */
  overlapping: z.number().int(),
  /** Guests who would get none. */
  without: z.number().int(),
});
export type EbadgeConditions = z.infer<typeof ebadgeConditionsSchema>;

export const ebadgeSettingsSchema = z.object({
  /** Attach the guest's badge (PDF) to the registration confirmation mail. */
  attachToConfirmation: z.boolean(),
});

/** A badge of one guest: by this design (`GET ebadges/{id}/pdf`), or by the conditions (`GET ebadges/guests/{id}`). */
export const ebadgePdfQuery = z.object({ guestId: idSchema.optional() });
export const ebadgeGuestParams = eventScopeParams.extend({ guestId: idSchema });

/** A PDF of many guests' badges, made by a job: those picked, or every confirmed guest. */
export const ebadgeBatchBody = z.object({ guestIds: z.array(idSchema).max(20_000).optional() });
export const ebadgeBatchSchema = z.object({
  id: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  total: z.number().int(),
  done: z.number().int(),
  /** Set when done: where the PDF is read. */
  fileUrl: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type EbadgeBatch = z.infer<typeof ebadgeBatchSchema>;
export const ebadgeBatchParams = eventScopeParams.extend({ id: idSchema });

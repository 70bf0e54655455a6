import { z } from "zod";
import { idSchema } from "./common.js";
import { eventScopeParams } from "./guests.js";

/* What every ordered list of an event's content (speakers, partners, and later programs, documents, photos) shares. */

/** One item of the list, named in the path. */
export const contentItemParams = eventScopeParams.extend({ id: idSchema });

/** The new order: every item of the event, each once (anything else answers 409, the list's not-reordered message). */
export const contentReorderBody = z.object({ ids: z.array(idSchema).max(1000) });

/**
 * The header of an upload that says where the new item goes (`x-document-position: 0` puts it first, the others move
 * down a place); without it the item goes at the end. SPEC §7 names it per kind.
 */
export const insertionHeaders = <const Name extends string>(name: Name) =>
  z.looseObject({
    [name]: z
      .string()
      .regex(/^\d{1,6}$/, "NUMBER_INVALID")
      .transform(Number)
      .optional(),
  } as { [K in Name]: z.ZodOptional<z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>> });

import { z } from "zod";
import { idSchema } from "./common.js";
import { eventScopeParams } from "./guests.js";

/* What every ordered list of an event's content (speakers, partners, and later programs, documents, photos) shares. */

/** One item of the list, named in the path. */
export const contentItemParams = eventScopeParams.extend({ id: idSchema });

/** The new order: every item of the event, each once (anything else answers 409, the list's not-reordered message). */
export const contentReorderBody = z.object({ ids: z.array(idSchema).max(1000) });

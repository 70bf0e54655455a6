import { AppError } from "../../platform/errors.js";
import type { EventRow } from "../events/events.visibility.js";

/**
 * Documents, photos and custom pages are the event's "miscellaneous tools" (SPEC §3 Event modules, `misc`). While the
 * module is off they stay as saved but cannot be changed, and the public page shows none of them.
 */
export function requireMiscModule(event: Pick<EventRow, "modules">) {
  if (!event.modules.misc) throw new AppError(409, "MISC_MODULE_OFF");
}

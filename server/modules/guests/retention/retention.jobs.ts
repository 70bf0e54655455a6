import { z } from "zod";
import type { AppContext } from "../../../platform/context.js";
import type { JobDefinition } from "../../../platform/jobs.js";
import { anonymizeExpiredGuests } from "./retention.service.js";

const payload = z.object({}).passthrough();

/** Daily, at night (UTC): the guests of events past their retention period are anonymized. */
export function guestRetentionJob(context: AppContext): JobDefinition<typeof payload> {
  return {
    name: "guests.retention",
    payload,
    cron: "30 2 * * *",
    async handle() {
      await anonymizeExpiredGuests(context);
    },
  };
}

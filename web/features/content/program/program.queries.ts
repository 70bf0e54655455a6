import routeTable from "virtual:endpoint-routes";
import type { Program, ProgramBody } from "../../../../contract/programs";
import { clientOf } from "../../../api/client";
import { orderedContentQueries } from "../ordered-content.queries";

/** The event's program sections, one language's list at a time, each with its speakers' names. */
export const programQueries = orderedContentQueries<Program, ProgramBody>(
  "program",
  clientOf(routeTable.programsEndpoints),
  "speakers",
);

/**
 * The events list's filters and sorts, in a module without zod: the back office's first page reads them from its
 * address and must not download the schema library for it (contract/events.ts builds its schemas from these).
 */
export const eventFilters = ["all", "in_progress", "upcoming", "past", "archived"] as const;
export type EventFilter = (typeof eventFilters)[number];
export const eventSorts = ["start_date", "created", "name"] as const;
export type EventSort = (typeof eventSorts)[number];

import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type EventFilter, type EventSort, eventFilterSchema, eventSortSchema } from "../../../contract/events";

export const eventsPageSize = 20;

export type EventListParams = { filter: EventFilter; sort: EventSort; query: string; page: number };

const defaults: EventListParams = { filter: "all", sort: "start_date", query: "", page: 1 };

/** Reads the list's state from the address, so a reload, a shared link or the back button shows the same list. */
export function parseEventListParams(search: URLSearchParams): EventListParams {
  const page = Number(search.get("page"));
  return {
    filter: eventFilterSchema.catch(defaults.filter).parse(search.get("filter") ?? undefined),
    sort: eventSortSchema.catch(defaults.sort).parse(search.get("sort") ?? undefined),
    query: search.get("query")?.trim() ?? "",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes the list's state back, leaving defaults out to keep links short. */
export function writeEventListParams(params: EventListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ["filter", "sort", "query", "page"] as const) {
    const value = String(params[key]);
    if (value !== String(defaults[key])) search.set(key, value);
  }
  return search;
}

export function useEventListParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseEventListParams(search), [search]);
  /** Any change but a page turn starts again from the first page. Typing replaces history instead of filling it. */
  const update = useCallback(
    (change: Partial<EventListParams>, options: { replace?: boolean } = {}) =>
      setSearch(
        (current) => {
          const previous = parseEventListParams(current);
          return writeEventListParams({ ...previous, page: 1, ...change });
        },
        { replace: options.replace },
      ),
    [setSearch],
  );
  return [params, update] as const;
}

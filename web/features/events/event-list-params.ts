import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type EventFilter, type EventSort, eventFilters, eventSorts } from "../../../contract/event-list";

export const eventsPageSize = 20;

export type EventListParams = { filter: EventFilter; sort: EventSort; query: string; page: number };

const defaults: EventListParams = { filter: "all", sort: "start_date", query: "", page: 1 };

/** `value` when it is one of `values`, else `fallback`: an address may hold anything. */
const oneOf = <Value extends string>(values: readonly Value[], value: string | null, fallback: Value): Value =>
  values.find((candidate) => candidate === value) ?? fallback;

/** Reads the list's state from the address, so a reload, a shared link or the back button shows the same list. */
export function parseEventListParams(search: URLSearchParams): EventListParams {
  const page = Number(search.get("page"));
  return {
    filter: oneOf(eventFilters, search.get("filter"), defaults.filter),
    sort: oneOf(eventSorts, search.get("sort"), defaults.sort),
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

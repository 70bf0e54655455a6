import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type GuestListQuery, guestListQuery, type guestSortColumns } from "../../../contract/guests";

export const guestsPageSize = 50;

type CommaLists = "status" | "mailStatus" | "createdSource";
/** The list's query with its comma lists as arrays: what the pages hold, and `listQuery` joins for the address. */
export type GuestListParams = Omit<GuestListQuery, CommaLists> & { [List in CommaLists]?: string[] };

/** The list's parameters as its query string reads them (also the filter of an export or a grouped action). */
export const listQuery = (params: GuestListParams): GuestListQuery => ({
  ...params,
  status: params.status?.join(","),
  mailStatus: params.mailStatus?.join(","),
  createdSource: params.createdSource?.join(","),
});

/** The guests a grouped action or an export acts on: chosen ids, or all those matching the filter. */
export type GuestTarget = { ids: string[] } | { filter: GuestListParams };

export type GuestSort = (typeof guestSortColumns)[number];
export type GuestListState = {
  query: string;
  status: string[];
  mailStatus: string[];
  registered: "" | "true" | "false";
  sort: GuestSort;
  direction: "asc" | "desc";
  page: number;
};

const defaults: GuestListState = {
  query: "",
  status: [],
  mailStatus: [],
  registered: "",
  sort: "lastName",
  direction: "asc",
  page: 1,
};

/** Reads the list's state from the address; anything the contract would refuse falls back to the default. */
export function parseGuestListState(search: URLSearchParams): GuestListState {
  const read = (key: string) => search.get(key) ?? undefined;
  const shape = guestListQuery.shape;
  const page = Number(search.get("page"));
  return {
    query: search.get("query")?.trim() ?? "",
    status: shape.status.catch([]).parse(read("status")),
    mailStatus: shape.mailStatus.catch([]).parse(read("mailStatus")),
    registered: shape.registered.catch(undefined).parse(read("registered")) ?? "",
    sort: shape.sort.catch(defaults.sort).parse(read("sort")),
    direction: shape.direction.catch(defaults.direction).parse(read("direction")),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes the state back, leaving defaults out to keep links short. */
export function writeGuestListState(state: GuestListState): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of Object.keys(defaults) as (keyof GuestListState)[]) {
    const value = Array.isArray(state[key]) ? (state[key] as string[]).join(",") : String(state[key]);
    const fallback = defaults[key];
    if (value !== (Array.isArray(fallback) ? fallback.join(",") : String(fallback))) search.set(key, value);
  }
  return search;
}

/** The filter part of the state, as the API reads it (also what "select all matching" acts on). */
export function toApiFilter(state: GuestListState): GuestListParams {
  return {
    query: state.query || undefined,
    status: state.status.length ? state.status : undefined,
    mailStatus: state.mailStatus.length ? state.mailStatus : undefined,
    registered: state.registered || undefined,
  };
}

export const isFiltered = (state: GuestListState) =>
  state.query !== "" || state.status.length > 0 || state.mailStatus.length > 0 || state.registered !== "";

export function useGuestListState() {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parseGuestListState(search), [search]);
  /** Any change but a page turn starts again from the first page. */
  const update = useCallback(
    (change: Partial<GuestListState>, options: { replace?: boolean } = {}) =>
      setSearch((current) => writeGuestListState({ ...parseGuestListState(current), page: 1, ...change }), {
        replace: options.replace,
      }),
    [setSearch],
  );
  return [state, update] as const;
}

import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { OrderStatus, PaymentMethod } from "../../../../contract/ticketing";
import { type OrderListQuery, type OrderListValues, orderListQuery } from "../../../../contract/ticketing-orders";

/** The list's filters as the page holds them: the statuses as a list. */
export type OrderListParams = Omit<OrderListQuery, "status" | "limit" | "offset"> & {
  status?: OrderStatus[];
  limit?: number;
  offset?: number;
};

/** The filters in their query-string shape: statuses joined by comma, as the contract reads them. */
export const queryOf = ({ status, ...rest }: OrderListParams) => ({ ...rest, status: status?.join(",") });

export const ordersPageSize = 50;

export type OrderListState = {
  search: string;
  status: OrderStatus[];
  paymentMethod: "" | PaymentMethod;
  testMode: "" | "true" | "false";
  abandonedCarts: OrderListValues["abandonedCarts"];
  page: number;
};

const defaults: OrderListState = {
  search: "",
  status: [],
  paymentMethod: "",
  testMode: "",
  abandonedCarts: "exclude",
  page: 1,
};

/** Reads the list's state from the address; anything the contract would refuse falls back to the default. */
function parseOrderListState(search: URLSearchParams): OrderListState {
  const read = (key: string) => search.get(key) ?? undefined;
  const shape = orderListQuery.shape;
  const page = Number(search.get("page"));
  return {
    search: search.get("search")?.trim() ?? "",
    status: shape.status.catch([]).parse(read("status")),
    paymentMethod: shape.paymentMethod.catch(undefined).parse(read("paymentMethod")) ?? "",
    testMode: shape.testMode.catch(undefined).parse(read("testMode")) ?? "",
    abandonedCarts: shape.abandonedCarts.catch(defaults.abandonedCarts).parse(read("abandonedCarts")),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes the state back, leaving defaults out to keep links short. */
function writeOrderListState(state: OrderListState): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of Object.keys(defaults) as (keyof OrderListState)[]) {
    const value = Array.isArray(state[key]) ? state[key].join(",") : String(state[key]);
    const fallback = defaults[key];
    if (value !== (Array.isArray(fallback) ? fallback.join(",") : String(fallback))) search.set(key, value);
  }
  return search;
}

/** The filter part of the state, as the API reads it (the list and its export select the same orders). */
export function toOrderFilter(state: OrderListState): OrderListParams {
  return {
    search: state.search || undefined,
    status: state.status.length ? state.status : undefined,
    paymentMethod: state.paymentMethod || undefined,
    testMode: state.testMode || undefined,
    // Left out by default on the server too: sent only when asked, to keep the query short.
    abandonedCarts: state.abandonedCarts === defaults.abandonedCarts ? undefined : state.abandonedCarts,
  };
}

export const isFiltered = (state: OrderListState) =>
  state.search !== "" ||
  state.status.length > 0 ||
  state.paymentMethod !== "" ||
  state.testMode !== "" ||
  state.abandonedCarts !== defaults.abandonedCarts;

export const noFilter: Partial<OrderListState> = {
  search: "",
  status: [],
  paymentMethod: "",
  testMode: "",
  abandonedCarts: defaults.abandonedCarts,
};

export function useOrderListState() {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parseOrderListState(search), [search]);
  /** Any change but a page turn starts again from the first page. */
  const update = useCallback(
    (change: Partial<OrderListState>, options: { replace?: boolean } = {}) =>
      setSearch((current) => writeOrderListState({ ...parseOrderListState(current), page: 1, ...change }), {
        replace: options.replace,
      }),
    [setSearch],
  );
  return [state, update] as const;
}

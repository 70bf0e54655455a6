import type { SpreadsheetFormat } from "../../contract/spreadsheet";
import type { OrderStatus } from "../../contract/ticketing";
import type { ConfirmBody, Order, OrderList, OrderListQuery, OtherPaymentKind } from "../../contract/ticketing-orders";
import { api, request } from "./client";
import { scope } from "./guests";

/** The list's filters in their query-string shape: statuses joined by comma, as the contract reads them. */
export type OrderListParams = Omit<OrderListQuery, "status" | "limit" | "offset"> & {
  status?: OrderStatus[];
  limit?: number;
  offset?: number;
};

const ordersPath = (accountId: string, eventId: string) => `${scope(accountId, eventId)}/orders`;
const orderPath = (accountId: string, eventId: string, orderId: string) =>
  `${ordersPath(accountId, eventId)}/${encodeURIComponent(orderId)}`;
const listQuery = ({ status, ...rest }: OrderListParams) => ({ ...rest, status: status?.join(",") });

/** One function per endpoint of the organizer's orders (SPEC §7 orders) and of their PDFs. */
export const ordersApi = {
  list: (accountId: string, eventId: string, params: OrderListParams) =>
    api.get<OrderList>(ordersPath(accountId, eventId), listQuery(params)),
  get: (accountId: string, eventId: string, orderId: string) => api.get<Order>(orderPath(accountId, eventId, orderId)),
  /** SPEC §7 POST {id} with `status: "cancelled"`: cancels an order not paid yet. */
  cancel: (accountId: string, eventId: string, orderId: string) =>
    api.post<Order>(orderPath(accountId, eventId, orderId), { status: "cancelled" }),
  confirm: (accountId: string, eventId: string, orderId: string, body: ConfirmBody = {}) =>
    api.post<Order>(`${orderPath(accountId, eventId, orderId)}/confirm`, body),
  await: (accountId: string, eventId: string, orderId: string, kind?: OtherPaymentKind) =>
    api.post<Order>(`${orderPath(accountId, eventId, orderId)}/await`, kind ? { kind } : {}),
  /** Without `items` the server refunds everything left; an empty list is refused ("needs at least one item"). */
  refund: (accountId: string, eventId: string, orderId: string, items?: string[]) =>
    api.post<Order>(`${orderPath(accountId, eventId, orderId)}/refund`, items ? { items } : {}),

  // Files come as blobs: the download needs the Bearer header, which a plain link cannot send.
  export: (accountId: string, eventId: string, filters: OrderListParams, format: SpreadsheetFormat) =>
    request<Blob>("GET", `${ordersPath(accountId, eventId)}/export`, {
      query: { ...listQuery(filters), format },
      responseAs: "blob",
    }),
  documentPdf: (accountId: string, eventId: string, orderId: string, documentId: string) =>
    api.download(`${orderPath(accountId, eventId, orderId)}/documents/${encodeURIComponent(documentId)}/pdf`),
  ticketsPdf: (accountId: string, eventId: string, orderId: string) =>
    api.download(`${orderPath(accountId, eventId, orderId)}/tickets/pdf`),
};

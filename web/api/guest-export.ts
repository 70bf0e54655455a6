import type { GuestBulkBody, GuestBulkResult } from "../../contract/guest-export";
import type { SpreadsheetFormat } from "../../contract/spreadsheet";
import { api, request } from "./client";
import { type GuestListParams, listQuery, scope } from "./guests";

/** The guests a grouped action or an export acts on: chosen ids, or all those matching the filter. */
export type GuestTarget = { ids: string[] } | { filter: GuestListParams };

/** The server reads the filter in its query-string shape, in the body as in the address. */
const selectionOf = (target: GuestTarget): GuestBulkBody["selection"] =>
  "ids" in target ? { ids: target.ids } : { filter: listQuery(target.filter) as GuestBulkBody["selection"]["filter"] };

export const guestExportApi = {
  bulk: (accountId: string, eventId: string, target: GuestTarget, action: GuestBulkBody["action"]) =>
    api.post<GuestBulkResult>(`${scope(accountId, eventId)}/users/bulk`, { selection: selectionOf(target), action }),
  /** The file comes as a blob: the download needs the Bearer header, which a plain link cannot send. */
  download: (
    accountId: string,
    eventId: string,
    target: GuestTarget,
    order: Pick<GuestListParams, "sort" | "direction">,
    format: SpreadsheetFormat,
  ) =>
    request<Blob>("GET", `${scope(accountId, eventId)}/users/export`, {
      query: {
        ...("ids" in target ? { ids: target.ids.join(",") } : listQuery(target.filter)),
        ...order,
        format,
      },
      responseAs: "blob",
    }),
};

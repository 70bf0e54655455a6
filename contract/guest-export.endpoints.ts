import { endpointGroup } from "./endpoint.js";
import { guestBulkBody, guestBulkResult, guestExportQuery } from "./guest-export.js";
import { eventScopeParams } from "./guests.js";
import { spreadsheetContentTypes } from "./spreadsheet.js";

const users = "/events/:account/:event/users";

/** SPEC §7 users/export and users/bulk: the guest list as a file, and grouped changes. */
export const guestExportEndpoints = endpointGroup("guests", {
  download: {
    method: "GET",
    path: `${users}/export`,
    summary: "Download the filtered guest list, or chosen guests, as CSV or Excel",
    access: "organizer",
    params: eventScopeParams,
    query: guestExportQuery,
    file: Object.values(spreadsheetContentTypes),
    errors: [429],
  },
  bulk: {
    method: "POST",
    path: `${users}/bulk`,
    summary: "Change the status of, or delete, chosen guests or every guest matching a filter",
    access: "organizer",
    params: eventScopeParams,
    body: guestBulkBody,
    answer: guestBulkResult,
  },
});

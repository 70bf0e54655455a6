import { endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";
import { spreadsheetContentTypes, spreadsheetQuery } from "./spreadsheet.js";
import { eventStatisticsSchema, statisticsExportParams } from "./statistics.js";

const statistics = "/events/:account/:event/statistics";

/**
 * Issue 21: an event's statistics (beside the check-in and campaign ones under checkins/ and campaigns/, and the
 * legacy /{event}/admin/statistics/* routes), and each section's figures as a spreadsheet.
 */
export const statisticsEndpoints = endpointGroup("statistics", {
  get: {
    method: "GET",
    path: statistics,
    summary: "The event's registrations, statuses, choice field answers, sales, mails and check-ins",
    access: "organizer",
    params: eventScopeParams,
    answer: eventStatisticsSchema,
  },
  export: {
    method: "GET",
    path: `${statistics}/:section/export`,
    summary: "One section of the event's statistics as CSV or XLSX",
    access: "organizer",
    params: statisticsExportParams,
    query: spreadsheetQuery,
    file: Object.values(spreadsheetContentTypes),
  },
});

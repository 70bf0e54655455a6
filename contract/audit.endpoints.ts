import { accountParams } from "./accounts.js";
import { auditLogList, auditLogQuery } from "./audit.js";
import { endpointGroup } from "./endpoint.js";

/** SPEC §7 audit logs: who changed what in an account, newest first. */
export const auditEndpoints = endpointGroup("audit", {
  list: {
    method: "GET",
    path: "/accounts/:account/auditlogs",
    summary: "List an account's audit log, searched and filtered",
    access: "organizer",
    params: accountParams,
    query: auditLogQuery,
    answer: auditLogList,
  },
});

import type { z } from "zod";
import type { auditLogList } from "../../contract/audit";
import { api } from "./client";

export const auditApi = {
  list: (
    accountId: string,
    query: { query?: string; exclude?: string[]; eventId?: string; limit?: number; offset?: number },
  ) =>
    api.get<z.infer<typeof auditLogList>>(`/accounts/${encodeURIComponent(accountId)}/auditlogs`, {
      ...query,
      exclude: query.exclude?.join(","),
    }),
};

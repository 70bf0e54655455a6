import routeTable from "virtual:endpoint-routes";
import { useQuery } from "@tanstack/react-query";
import type { SpreadsheetFormat } from "../../../contract/spreadsheet";
import type { StatisticsSection } from "../../../contract/statistics";
import { clientOf } from "../../api/client";
import { useAdminContext } from "../../ui/admin-context";

const statisticsApi = clientOf(routeTable.statisticsEndpoints);

/** Registrations, sales and scans keep coming: the figures refresh each minute while the page is open. */
const refreshMs = 60_000;

export function useEventStatistics(eventId: string) {
  const { accountId } = useAdminContext();
  return useQuery({
    queryKey: ["statistics", accountId, eventId],
    queryFn: () => statisticsApi.get({ params: { account: accountId, event: eventId } }),
    refetchInterval: refreshMs,
  });
}

/** A section's figures as a file, for its export menu. */
export function useExportSection(eventId: string) {
  const { accountId } = useAdminContext();
  return (section: StatisticsSection) => (format: SpreadsheetFormat) =>
    statisticsApi.export({
      params: { account: accountId, event: eventId, section },
      query: { format },
    }) as Promise<Blob>;
}

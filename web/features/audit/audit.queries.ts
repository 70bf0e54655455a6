import routeTable from "virtual:endpoint-routes";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { clientOf } from "../../api/client";

const auditApi = clientOf(routeTable.auditEndpoints);

export type AuditQuery = { eventId?: string; query?: string; exclude: string[]; limit: number; offset: number };

export function useAuditLogs(accountId: string, query: AuditQuery) {
  return useQuery({
    queryKey: ["audit", accountId, query],
    queryFn: () =>
      auditApi.list({ params: { account: accountId }, query: { ...query, exclude: query.exclude.join(",") } }),
    // The table keeps its rows while the next page or filter loads, rather than blinking empty.
    placeholderData: keepPreviousData,
  });
}

type LabelTree = { [segment: string]: string | LabelTree };

function flatten(tree: LabelTree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([segment, value]) =>
    typeof value === "string" ? [[`${prefix}${segment}`, value]] : flatten(value, `${prefix}${segment}.`),
  );
}

/**
 * The human labels of the dotted action names the catalogue knows (`audit.actions.events.event.created`), by action.
 * An action without one is shown by its dotted name alone.
 */
export function useActionLabels(): ReadonlyMap<string, string> {
  const { i18n } = useTranslation();
  const { language } = i18n;
  return useMemo(() => {
    const tree: unknown = i18n.getResource(language, "translation", "audit.actions");
    return new Map(typeof tree === "object" && tree !== null ? flatten(tree as LabelTree) : []);
  }, [i18n, language]);
}

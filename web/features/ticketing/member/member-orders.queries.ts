import routeTable from "virtual:endpoint-routes";
import { useQuery } from "@tanstack/react-query";
import type { Language } from "../../../../contract/common";
import { clientOf } from "../../../api/client";
import { memberToken } from "../../../ui/public-layout/member-session";

const guestTicketsApi = clientOf(routeTable.guestTicketsEndpoints);
const invoicesApi = clientOf(routeTable.invoicesEndpoints);

/** Under the member key, so signing out (useMemberSession().end) forgets them; by language, as captions are read in it. */
const memberOrdersKey = (slug: string, language: Language) => ["public", slug, "member", "orders", language] as const;

/** The signed-in guest's orders and the tickets others bought for them. */
export function useMemberOrders(slug: string, language: Language) {
  return useQuery({
    queryKey: memberOrdersKey(slug, language),
    queryFn: () => guestTicketsApi.memberOrders({ params: { slug }, token: memberToken(slug) }),
  });
}

export const memberTicketsPdf = (slug: string, orderId: string) =>
  invoicesApi.memberTicketsPdf({ params: { slug, id: orderId }, token: memberToken(slug) });

export const memberDocumentPdf = (slug: string, orderId: string, documentId: string) =>
  invoicesApi.memberDocumentPdf({ params: { slug, id: orderId, documentId }, token: memberToken(slug) });

import type { z } from "zod";
import type {
  Category,
  CategoryBody,
  CategoryPositionsBody,
  Coupon,
  categoryList as categoryListSchema,
  couponBody,
  couponList as couponListSchema,
  Discount,
  discountBody,
  discountList as discountListSchema,
  Ticket,
  TicketDeleteResult,
  TicketUpdateBody,
  ticketBody,
  ticketList as ticketListSchema,
} from "../../contract/ticketing-catalogue";
import { api } from "./client";
import { scope } from "./guests";

type Ok = { ok: true };
type TicketList = z.infer<typeof ticketListSchema>;
type CategoryList = z.infer<typeof categoryListSchema>;

/** One function per endpoint of the ticketing catalogue (SPEC §7 tickets, categories, coupons, discounts). */
export const catalogueApi = {
  tickets: (accountId: string, eventId: string) => api.get<TicketList>(`${scope(accountId, eventId)}/tickets`),
  createTicket: (accountId: string, eventId: string, body: z.input<typeof ticketBody>) =>
    api.post<Ticket>(`${scope(accountId, eventId)}/tickets`, body),
  /** Only the fields sent change: the list's switches send one. */
  updateTicket: (accountId: string, eventId: string, ticketId: string, body: TicketUpdateBody) =>
    api.post<Ticket>(`${scope(accountId, eventId)}/tickets/${ticketId}`, body),
  deleteTicket: (accountId: string, eventId: string, ticketId: string) =>
    api.delete<TicketDeleteResult>(`${scope(accountId, eventId)}/tickets/${ticketId}`),
  ticketPositions: (accountId: string, eventId: string, ids: string[]) =>
    api.post<TicketList>(`${scope(accountId, eventId)}/tickets/positions`, { ids }),

  categories: (accountId: string, eventId: string) => api.get<CategoryList>(`${scope(accountId, eventId)}/categories`),
  saveCategory: (accountId: string, eventId: string, id: string | undefined, body: CategoryBody) =>
    api.post<Category>(`${scope(accountId, eventId)}/categories${id ? `/${id}` : ""}`, body),
  deleteCategory: (accountId: string, eventId: string, id: string) =>
    api.delete<Ok>(`${scope(accountId, eventId)}/categories/${id}`),
  categoryPositions: (accountId: string, eventId: string, body: CategoryPositionsBody) =>
    api.post<CategoryList>(`${scope(accountId, eventId)}/categories/positions`, body),

  coupons: (accountId: string, eventId: string) =>
    api.get<z.infer<typeof couponListSchema>>(`${scope(accountId, eventId)}/coupons`),
  saveCoupon: (accountId: string, eventId: string, id: string | undefined, body: z.input<typeof couponBody>) =>
    api.post<Coupon>(`${scope(accountId, eventId)}/coupons${id ? `/${id}` : ""}`, body),
  deleteCoupon: (accountId: string, eventId: string, id: string) =>
    api.delete<Ok>(`${scope(accountId, eventId)}/coupons/${id}`),

  discounts: (accountId: string, eventId: string) =>
    api.get<z.infer<typeof discountListSchema>>(`${scope(accountId, eventId)}/discounts`),
  saveDiscount: (accountId: string, eventId: string, id: string | undefined, body: z.input<typeof discountBody>) =>
    api.post<Discount>(`${scope(accountId, eventId)}/discounts${id ? `/${id}` : ""}`, body),
  deleteDiscount: (accountId: string, eventId: string, id: string) =>
    api.delete<Ok>(`${scope(accountId, eventId)}/discounts/${id}`),
};

import type { z } from "zod";
import type { ContactBody, Message, messageList } from "../../contract/messages";
import { api } from "./client";
import { scope } from "./guests";

type Ok = { ok: true };
/** The inbox's query string: words searched, read state, page. */
export type MessageListParams = { query?: string; unread?: "true" | "false"; limit: number; offset: number };

const inbox = (accountId: string, eventId: string) => `${scope(accountId, eventId)}/messages`;

/** One function per endpoint of SPEC §7 messages, and the public contact form that fills the inbox. */
export const messagesApi = {
  list: (accountId: string, eventId: string, query: MessageListParams) =>
    api.get<z.infer<typeof messageList>>(inbox(accountId, eventId), query),
  unreadCount: (accountId: string, eventId: string) =>
    api.get<{ count: number }>(`${inbox(accountId, eventId)}/unread`),
  get: (accountId: string, eventId: string, id: string) => api.get<Message>(`${inbox(accountId, eventId)}/${id}`),
  markRead: (accountId: string, eventId: string, id: string, read: boolean) =>
    api.post<Message>(`${inbox(accountId, eventId)}/${id}/read`, { read }),
  remove: (accountId: string, eventId: string, id: string) => api.delete<Ok>(`${inbox(accountId, eventId)}/${id}`),
  contact: (slug: string, body: ContactBody) =>
    api.post<Ok>(`/public/events/${encodeURIComponent(slug)}/contact`, body, { anonymous: true }),
};

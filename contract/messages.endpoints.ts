import { okSchema } from "./auth.js";
import { endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";
import {
  contactBody,
  contactParams,
  markReadBody,
  messageList,
  messageListQuery,
  messageParams,
  messageSchema,
  unreadCountSchema,
} from "./messages.js";

const inbox = "/events/:account/:event/messages";

/** SPEC §7 messages: an event's inbox, filled by the public contact form. */
export const messagesEndpoints = endpointGroup("messages", {
  list: {
    method: "GET",
    path: inbox,
    summary: "List an event's messages, searched and filtered by read state",
    access: "organizer",
    params: eventScopeParams,
    query: messageListQuery,
    answer: messageList,
  },
  unreadCount: {
    method: "GET",
    path: `${inbox}/unread`,
    summary: "Count an event's unread messages",
    access: "organizer",
    params: eventScopeParams,
    answer: unreadCountSchema,
  },
  get: {
    method: "GET",
    path: `${inbox}/:id`,
    summary: "Read a message",
    access: "organizer",
    params: messageParams,
    answer: messageSchema,
  },
  markRead: {
    method: "POST",
    path: `${inbox}/:id/read`,
    summary: "Mark a message read or unread",
    access: "organizer",
    params: messageParams,
    body: markReadBody,
    answer: messageSchema,
  },
  remove: {
    method: "DELETE",
    path: `${inbox}/:id`,
    summary: "Delete a message",
    access: "organizer",
    params: messageParams,
    answer: okSchema,
  },
  contact: {
    method: "POST",
    path: "/public/events/:slug/contact",
    summary: "Send a message to an event's organizer from its public page",
    access: "anyone",
    params: contactParams,
    body: contactBody,
    status: 201,
    answer: okSchema,
    errors: [429],
  },
});

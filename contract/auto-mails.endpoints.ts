import { okSchema } from "./auth.js";
import {
  autoMailList,
  autoMailParams,
  autoMailPreviewParams,
  autoMailPreviewSchema,
  autoMailSchema,
  autoMailsUpdateBody,
  autoMailTestBody,
  autoMailUpdateBody,
} from "./auto-mails.js";
import { endpointGroup } from "./endpoint.js";
import { eventScopeParams } from "./guests.js";

const automails = "/events/:account/:event/automails";

/** SPEC §2 "auto-mail settings": an event's confirmation, reminder and thank-you mails. */
export const autoMailsEndpoints = endpointGroup("automails", {
  list: {
    method: "GET",
    path: automails,
    summary: "List an event's three auto-mails (confirmation, reminder, thank-you) with their settings and texts",
    access: "organizer",
    params: eventScopeParams,
    answer: autoMailList,
  },
  updateAll: {
    method: "POST",
    path: automails,
    summary: "Save the settings of several auto-mails at once, all or none",
    access: "organizer",
    params: eventScopeParams,
    body: autoMailsUpdateBody,
    answer: autoMailList,
  },
  update: {
    method: "POST",
    path: `${automails}/:kind`,
    summary: "Switch an auto-mail on or off, set its days, and its subject and body per language",
    access: "organizer",
    params: autoMailParams,
    body: autoMailUpdateBody,
    answer: autoMailSchema,
  },
  preview: {
    method: "GET",
    path: `${automails}/:kind/preview/:language`,
    summary: "An auto-mail's saved text in a language as a guest reads it, filled with a sample guest",
    access: "organizer",
    params: autoMailPreviewParams,
    answer: autoMailPreviewSchema,
  },
  test: {
    method: "POST",
    path: `${automails}/:kind/test`,
    summary: "Send an auto-mail (its saved text, or the text given) to an address, filled with a sample guest",
    access: "organizer",
    params: autoMailParams,
    body: autoMailTestBody,
    answer: okSchema,
    errors: [409, 429],
  },
});

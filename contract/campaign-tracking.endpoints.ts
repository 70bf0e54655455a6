import { z } from "zod";
import { endpointGroup } from "./endpoint.js";

/** A campaign mail's signed token: its send record's id and an HMAC (server/modules/campaigns/tracking). */
const tokenParams = z.object({ token: z.string().min(1).max(200) });

export const providerEventKinds = ["delivered", "bounce", "blocked", "open", "click", "complaint"] as const;

/** One event of the mail provider's webhook, about the mail of a Message-ID. */
export const providerEventSchema = z.object({
  event: z.enum(providerEventKinds),
  messageId: z.string().min(1).max(300),
  /** The provider's words: an SMTP answer, a reason. */
  detail: z.string().max(2000).optional(),
  /** The link of a click. */
  url: z.string().max(2000).optional(),
});
export type ProviderEvent = z.infer<typeof providerEventSchema>;
/** The webhook's body: one event, or several. */
export const providerWebhookBody = z.union([providerEventSchema, z.object({ events: z.array(providerEventSchema) })]);

/**
 * What campaign mails link to, under the app's own URL, for anyone who holds the mail: the open pixel, the click
 * redirect (only to the URL the mail signed), the unsubscribe page and its RFC 8058 one-click POST, and the mail
 * provider's webhook (HMAC-SHA256 of the raw body, header X-Campaign-Signature).
 */
export const campaignTrackingEndpoints = endpointGroup("campaign tracking", {
  open: {
    method: "GET",
    path: "/t/o/:token",
    summary: "The open pixel of a campaign mail (a 1×1 GIF)",
    access: "anyone",
    params: tokenParams,
    file: ["image/gif"],
  },
  click: {
    method: "GET",
    path: "/t/c/:token",
    summary: "A tracked link of a campaign mail: redirects (302) to the URL it signed",
    access: "anyone",
    params: tokenParams,
    query: z.object({ u: z.string().max(2000), s: z.string().max(100) }),
    file: ["text/plain"],
  },
  unsubscribePage: {
    method: "GET",
    path: "/t/u/:token",
    summary: "The unsubscribe page of a campaign mail: asks to confirm",
    access: "anyone",
    params: tokenParams,
    file: ["text/html"],
  },
  unsubscribe: {
    method: "POST",
    path: "/t/u/:token",
    summary: "Unsubscribe from an account's campaigns (RFC 8058 one-click, or the page's button)",
    access: "anyone",
    params: tokenParams,
    file: ["text/html"],
  },
  webhook: {
    method: "POST",
    path: "/t/webhook",
    summary: "Receive delivery, bounce, block, open, click and complaint events signed by the mail provider",
    access: "anyone",
    body: "raw",
    answer: z.object({ received: z.number().int() }),
    errors: [401],
  },
});

import nodemailer from "nodemailer";
import type { Config } from "../../../config.js";
import type { DkimOptions } from "../../../platform/dkim.js";

/**
 * How a campaign mail leaves, and what SMTP said: one pooled nodemailer transport per process (SMTP_URL, with
 * CAMPAIGN_SMTP_CONNECTIONS connections), throttled to CAMPAIGN_MAX_PER_SECOND, DKIM-signed per mail by its sender's
 * domain. Without SMTP_URL there is no transport: the batch writes its mails into the platform outbox (/dev/mailbox).
 */

export type CampaignMail = {
  from: { name: string; address: string };
  replyTo?: string | undefined;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
  dkim?: DkimOptions | undefined;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};

/**
 * What SMTP answered for one mail: accepted; refused for good (5xx: the address bounces, or the server blocks the
 * mail); or refused for a while (4xx, a lost connection), to try again later.
 */
export type SendOutcome =
  | { kind: "sent"; messageId: string }
  | { kind: "bounce" | "blocked"; detail: string }
  | { kind: "retry"; detail: string };

export type CampaignTransport = {
  send(mail: CampaignMail): Promise<SendOutcome>;
  close(): void;
};

/** At most `perSecond` takes a second, spread evenly (0: no limit). Shared by every batch of the process. */
export function throttle(perSecond: number) {
  if (perSecond <= 0) return async () => {};
  const interval = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + interval;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

/** 550/551/553 (no such user, relaying denied to the user, bad mailbox): the address bounces; other 5xx: blocked. */
export function classifySmtpError(error: unknown): SendOutcome {
  const failure = error as { responseCode?: number; response?: string; message?: string; code?: string };
  const detail = String(failure.response ?? failure.message ?? error).slice(0, 500);
  const code = failure.responseCode ?? 0;
  if (code >= 500 && code < 600) {
    const policy = /policy|spam|block|blacklist|denied|reputation/i.test(detail);
    return { kind: [550, 551, 553].includes(code) && !policy ? "bounce" : "blocked", detail };
  }
  return { kind: "retry", detail };
}

export function smtpCampaignTransport(config: Pick<Config, "smtpUrl" | "campaigns">): CampaignTransport {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: config.campaigns.smtpConnections,
    // A pooled connection sends many mails before it is renewed: a campaign is thousands of them.
    maxMessages: 1000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const wait = throttle(config.campaigns.maxPerSecond);
  return {
    async send(mail) {
      await wait();
      try {
        await transport.sendMail({
          from: mail.from,
          to: mail.to,
          ...(mail.replyTo && { replyTo: mail.replyTo }),
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
          headers: mail.headers,
          ...(mail.dkim && { dkim: mail.dkim }),
          ...(mail.attachments?.length && { attachments: mail.attachments }),
        });
        return { kind: "sent", messageId: mail.messageId };
      } catch (error) {
        return classifySmtpError(error);
      }
    },
    close() {
      transport.close();
    },
  };
}

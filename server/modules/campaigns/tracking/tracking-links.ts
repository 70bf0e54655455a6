import { createHmac, timingSafeEqual } from "node:crypto";
import { captchaSecret } from "../../../platform/captcha.js";
import type { AppContext } from "../../../platform/context.js";

/**
 * The signed links of a campaign mail, under the app's own URL: the open pixel, the click redirect and the unsubscribe
 * page. A token is the send record's id and an HMAC of it, so nobody can make up another recipient's; a click link
 * also signs the URL it leads to, so the redirect never goes anywhere the mail did not say (no open redirect).
 */

const secrets = new WeakMap<AppContext, Promise<string>>();

/** CAMPAIGN_TRACKING_SECRET, or one derived from the captcha's (shared by every instance through the database). */
export function trackingSecret(context: AppContext): Promise<string> {
  if (context.config.campaigns.trackingSecret) return Promise.resolve(context.config.campaigns.trackingSecret);
  let secret = secrets.get(context);
  if (!secret) {
    secret = captchaSecret(context).then((base) =>
      createHmac("sha256", base).update("campaign-tracking").digest("base64url"),
    );
    secret.catch(() => secrets.delete(context));
    secrets.set(context, secret);
  }
  return secret;
}

const mac = (secret: string, text: string) =>
  createHmac("sha256", secret).update(text).digest("base64url").slice(0, 22);

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `<recipient id>.<hmac>`. */
export const recipientToken = (secret: string, recipientId: string) =>
  `${recipientId}.${mac(secret, `recipient:${recipientId}`)}`;

/** The send record a token names, when its HMAC is right. */
export function recipientOfToken(secret: string, token: string): string | undefined {
  const [id = "", signature = "", ...rest] = token.split(".");
  if (rest.length > 0 || !uuidPattern.test(id)) return undefined;
  return sameText(signature, mac(secret, `recipient:${id}`)) ? id : undefined;
}

export const clickSignature = (secret: string, token: string, url: string) => mac(secret, `click:${token}\n${url}`);

export const isClickSigned = (secret: string, token: string, url: string, signature: string) =>
  sameText(signature, clickSignature(secret, token, url));

/** The tracking URLs of one recipient's mail. */
export function trackingUrls(publicUrl: string, secret: string, recipientId: string) {
  const token = recipientToken(secret, recipientId);
  const base = `${publicUrl}/api/v1/t`;
  return {
    token,
    open: `${base}/o/${token}`,
    unsubscribe: `${base}/u/${token}`,
    click: (url: string) => `${base}/c/${token}?u=${encodeURIComponent(url)}&s=${clickSignature(secret, token, url)}`,
  };
}

const unescapeAttribute = (value: string) =>
  value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#39;", "'");
const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/**
 * One recipient's HTML with every http(s) link turned into its signed click link (except the unsubscribe page, which
 * must work as it is) and the open pixel before `</body>`.
 */
export function trackedHtml(html: string, urls: ReturnType<typeof trackingUrls>): string {
  const linked = html.replace(/href="(https?:\/\/[^"]+)"/gi, (whole, attribute: string) => {
    const url = unescapeAttribute(attribute);
    if (url.startsWith(urls.unsubscribe)) return whole;
    return `href="${escapeAttribute(urls.click(url))}"`;
  });
  const pixel = `<img src="${urls.open}" width="1" height="1" alt="" style="display:block;border:0;height:1px;width:1px" />`;
  const end = linked.lastIndexOf("</body>");
  return end === -1 ? linked + pixel : `${linked.slice(0, end)}${pixel}${linked.slice(end)}`;
}

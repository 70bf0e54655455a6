import {
  idOfSignedToken,
  linkSigningSecret,
  sameText,
  signedIdToken,
  signText,
} from "../../../platform/signed-tokens.js";

/**
 * The signed links of a campaign mail, under the app's own URL: the open pixel, the click redirect and the unsubscribe
 * page. A token is the send record's id and an HMAC of it, so nobody can make up another recipient's; a click link
 * also signs the URL it leads to, so the redirect never goes anywhere the mail did not say (no open redirect).
 */

/** CAMPAIGN_TRACKING_SECRET, or one derived from the captcha's (shared by every instance through the database). */
export const trackingSecret = linkSigningSecret;

/** `<recipient id>.<hmac>`. */
export const recipientToken = (secret: string, recipientId: string) => signedIdToken(secret, "recipient", recipientId);

/** The send record a token names, when its HMAC is right. */
export const recipientOfToken = (secret: string, token: string): string | undefined =>
  idOfSignedToken(secret, "recipient", token);

export const clickSignature = (secret: string, token: string, url: string) =>
  signText(secret, `click:${token}\n${url}`);

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

import type { AppContext } from "./context.js";
import { linkSigningSecret, sameText, signText } from "./signed-tokens.js";

/**
 * What the QR codes of badges and tickets hold (issue 20): never a sequential id, and signed, so that a forged or
 * altered code is refused before any lookup.
 * - a guest's pass (e-badge): `G.<guest uuid>.<HMAC>`;
 * - a ticket (order item): `T.<the item's random code>.<HMAC>`.
 * The HMAC is of `pass:<kind>:<value>` with the app's link-signing secret (shared by every instance through the
 * database). An offline device never needs the secret: it matches the codes of the list it downloaded.
 */
export type PassReference = { kind: "guest"; guestId: string } | { kind: "ticket"; code: string };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ticketCodePattern = /^[0-9a-f]{32}$/;
const prefixes = { guest: "G", ticket: "T" } as const;

export const passCodeSecret = (context: AppContext) => linkSigningSecret(context);

const signature = (secret: string, kind: PassReference["kind"], value: string) =>
  signText(secret, `pass:${kind}:${value}`);

export const guestPassCode = (secret: string, guestId: string) =>
  `${prefixes.guest}.${guestId}.${signature(secret, "guest", guestId)}`;

export const ticketPassCode = (secret: string, itemCode: string) =>
  `${prefixes.ticket}.${itemCode}.${signature(secret, "ticket", itemCode)}`;

/** The guest or ticket a scanned text names, when it is one of our codes, unaltered. */
export function readPassCode(secret: string, text: string): PassReference | undefined {
  const [prefix, value = "", signed = "", ...rest] = text.trim().split(".");
  if (rest.length > 0) return undefined;
  if (prefix === prefixes.guest && uuidPattern.test(value)) {
    return sameText(signed, signature(secret, "guest", value)) ? { kind: "guest", guestId: value } : undefined;
  }
  if (prefix === prefixes.ticket && ticketCodePattern.test(value)) {
    return sameText(signed, signature(secret, "ticket", value)) ? { kind: "ticket", code: value } : undefined;
  }
  return undefined;
}

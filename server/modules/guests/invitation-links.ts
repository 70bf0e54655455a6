import type { AppContext } from "../../platform/context.js";
import { idOfSignedToken, linkSigningSecret, signedIdToken } from "../../platform/signed-tokens.js";
import { eventPageUrl, type SiteOfEvent } from "../events/event-links.js";

/**
 * A guest's personal registration link (the `{{registration_link}}` of campaign mails and auto-mails): the public
 * event page with `?invitation=<guest id>.<HMAC>`. The page reads the guest's names and address with the token to
 * pre-fill its form and greet them; nothing is stored, and nobody can make up another guest's token.
 */

const purpose = "invitation";

/** The secret that signs invitations (the campaign links' one; a different purpose keeps the tokens apart). */
export const invitationSecret = (context: AppContext) => linkSigningSecret(context);

export const invitationToken = (secret: string, guestId: string) => signedIdToken(secret, purpose, guestId);

export const guestOfInvitation = (secret: string, token: string) => idOfSignedToken(secret, purpose, token);

/** The event's page (eventPageUrl) with the guest's signed invitation: `…?invitation=<token>`. */
export const personalRegistrationLink = (
  config: { publicUrl: string },
  secret: string,
  event: SiteOfEvent,
  guestId: string,
  language: string,
) => `${eventPageUrl(config.publicUrl, event, language)}?invitation=${invitationToken(secret, guestId)}`;

/** What previews and test sends show for the link: its shape, with a token that invites nobody (the page ignores it). */
export const sampleRegistrationLink = (config: { publicUrl: string }, event: { slug: string }, language: string) =>
  `${config.publicUrl}/${language}/${event.slug}?invitation=sample`;

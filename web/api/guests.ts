/**
 * The path of an event's organizer endpoints, for the web/api files not yet derived from contract/ (forms, messages,
 * ticketing catalogue, orders...). It goes when the last of them is converted to `clientOf`.
 */
export const scope = (accountId: string, eventId: string) =>
  `/events/${encodeURIComponent(accountId)}/${encodeURIComponent(eventId)}`;

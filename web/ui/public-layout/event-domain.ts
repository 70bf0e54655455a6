/**
 * The event whose own domain the page was asked on, as the server names it on `<html>` (server/app.ts): there its
 * public pages sit at the root, `/` and `/{lang}` for `/{event}` and `/{lang}/{event}`. Undefined on any other host.
 */
export function domainEventSlug(): string | undefined {
  return document.documentElement.dataset.eventSlug || undefined;
}

import * as Sentry from "@sentry/react";

/** The server writes SENTRY_DSN on the root element; without it nothing is reported. */
const dsn = () => document.documentElement.dataset.sentryDsn;

export function initErrorReporting() {
  const value = dsn();
  if (value) Sentry.init({ dsn: value });
}

export function reportError(error: unknown) {
  if (dsn()) Sentry.captureException(error);
}

/**
 * The server writes SENTRY_DSN on the root element; without it nothing is reported, and Sentry's code (a fifth of
 * the app's own weight) is never fetched.
 */
const dsn = () => document.documentElement.dataset.sentryDsn;

const sentry = () => import("./sentry");

export function initErrorReporting() {
  const value = dsn();
  if (value) void sentry().then((Sentry) => Sentry.init({ dsn: value }));
}

export function reportError(error: unknown) {
  if (dsn()) void sentry().then((Sentry) => Sentry.captureException(error));
}

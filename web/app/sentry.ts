// The chunk error-reporting.ts fetches when a DSN is set: naming the two calls the app makes keeps the rest of
// Sentry (session replay, feedback widget) out of it.
export { captureException, init } from "@sentry/react";

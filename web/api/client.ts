import type { ErrorBody } from "../../contract/common";
import i18n from "../i18n/i18n";

const sessionKey = "ep.session";

/** The session token lives in localStorage so a reload keeps the organizer signed in. */
export const sessionStore = {
  get: () => localStorage.getItem(sessionKey),
  set: (token: string) => localStorage.setItem(sessionKey, token),
  clear: () => localStorage.removeItem(sessionKey),
};

/** A failed API call, with the server's message already in the user's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const unauthorizedListeners = new Set<() => void>();
/** Called when the server answers 401 to a signed-in call: the session is gone, the app goes back to sign-in. */
export function onUnauthorized(listener: () => void) {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Sign-in calls go without the stored token: a stale one must not turn them into 401s. */
  anonymous?: boolean;
};

/** The one door to the server. No time-out on purpose (SPEC §9: no HTTP timeout); TanStack Query retries. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`/api/v1${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  const token = options.anonymous ? null : sessionStore.get();
  const headers: Record<string, string> = { "accept-language": i18n.language || "en" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const isListing = method === "GET";
  const response = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    // SPEC §7: listing requests send no-cache headers.
    cache: isListing ? "no-cache" : "default",
  });
  if (response.status === 204) return undefined as T;
  const payload = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as ErrorBody | null)?.error;
    if (response.status === 401 && token) {
      sessionStore.clear();
      for (const listener of unauthorizedListeners) listener();
    }
    throw new ApiError(
      response.status,
      error?.code ?? "UNKNOWN",
      error?.message ?? i18n.t("app.error.unknown"),
      error?.fields ?? {},
    );
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions["query"]) => request<T>("GET", path, { query }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, "body"> = {}) =>
    request<T>("POST", path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, { body: body ?? {} }),
  delete: <T>(path: string) => request<T>("DELETE", path),
};

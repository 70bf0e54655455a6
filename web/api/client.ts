import type { z } from "zod";
import type { ErrorBody } from "../../contract/common";
import { type Answer, type Endpoint, endpointPath, type PathParams } from "../../contract/endpoint";
import i18n from "../i18n/i18n";
import type { Route, RouteGroup } from "./routes";

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
  /** JSON, or a FormData sent as multipart (the browser then writes the content type with its boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  /** "blob" for file downloads; error answers are still read as JSON. */
  responseAs?: "json" | "blob";
  /** Public calls go without the stored token: a stale one must not turn them into 401s. */
  anonymous?: boolean;
};

/** The one door to the server. No time-out on purpose (SPEC §9: no HTTP timeout); TanStack Query retries. */
async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  const token = options.anonymous ? null : sessionStore.get();
  const headers: Record<string, string> = { ...options.headers, "accept-language": i18n.language || "en" };
  if (token) headers.authorization = `Bearer ${token}`;
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers["content-type"] = "application/json";
  const isListing = method === "GET";
  const response = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    // SPEC §7: listing requests send no-cache headers.
    cache: isListing ? "no-cache" : "default",
  });
  if (response.status === 204) return undefined as T;
  if (response.ok && options.responseAs === "blob") return (await response.blob()) as T;
  const payload = await response.json().catch(() => null);
  if (!response.ok) throw failure(response.status, payload, token);
  return payload as T;
}

/** The ApiError of a failed answer; a 401 to a signed-in call also ends the session. */
function failure(status: number, payload: unknown, token: string | null): ApiError {
  const error = (payload as ErrorBody | null)?.error;
  if (status === 401 && token) {
    sessionStore.clear();
    for (const listener of unauthorizedListeners) listener();
  }
  return new ApiError(
    status,
    error?.code ?? "UNKNOWN",
    error?.message ?? i18n.t("app.error.unknown"),
    error?.fields ?? {},
  );
}

/**
 * A multipart POST that reports how much of the body has gone (0 to 1): fetch cannot tell upload progress, so this
 * one call goes through XMLHttpRequest. Same addresses, headers and errors as `request`.
 */
function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  options: Pick<RequestOptions, "headers" | "anonymous" | "query"> = {},
): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  const token = options.anonymous ? null : sessionStore.get();
  const headers: Record<string, string> = { ...options.headers, "accept-language": i18n.language || "en" };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        // An answer without JSON (a proxy's 413 page): the status alone says what went wrong.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload as T);
      else reject(failure(xhr.status, payload, token));
    };
    xhr.onerror = () => reject(new ApiError(0, "UNKNOWN", i18n.t("app.error.unknown")));
    xhr.send(form);
  });
}

type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;
/** A part a caller must give, or may leave out when every one of its fields is optional. */
type Part<Key extends string, Value> = [Value] extends [never]
  ? unknown
  : object extends Value
    ? { [K in Key]?: Value }
    : { [K in Key]: Value };

/** What a call of an endpoint takes: its path's parameters, its query, its body, named as the declaration names them. */
export type CallInput<E extends Endpoint> = Part<
  "params",
  [PathParams<E["path"]>] extends [never] ? never : Record<PathParams<E["path"]>, string>
> &
  Part<"query", Input<E["query"]>> &
  Part<"body", E["body"] extends "multipart" ? FormData : Input<E["body"]>> & {
    headers?: Record<string, string>;
    /** A bearer token sent instead of the organizer's session: a guest's member session. */
    token?: string;
    /** For an upload: how much of the body has gone, 0 to 1 (then the call goes through XMLHttpRequest). */
    onUploadProgress?: (fraction: number) => void;
  };

type CallArguments<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls an endpoint declared in contract/, through its route (`virtual:endpoint-routes`): the path, method and answer
 * type all come from its declaration, so a call that no longer matches the server does not compile. Public endpoints
 * never carry the organizer's session (a stale one would turn them into 401s).
 */
export function call<E extends Endpoint>(route: Route<E>, ...[input]: CallArguments<E>): Promise<Answer<E>> {
  const { params, query, body, headers, token, onUploadProgress } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: RequestOptions["query"];
    body?: unknown;
    headers?: Record<string, string>;
    token?: string;
    onUploadProgress?: (fraction: number) => void;
  };
  const path = endpointPath(route, params);
  const options = {
    anonymous: route.access !== "organizer",
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
  };
  if (onUploadProgress && body instanceof FormData) {
    return uploadWithProgress<Answer<E>>(path, body, onUploadProgress, { ...options, query });
  }
  const sentBody = body ?? (route.body ? {} : undefined);
  return request<Answer<E>>(route.method, path, {
    ...options,
    query,
    body: sentBody,
    responseAs: route.file ? "blob" : "json",
  });
}

/** The declaration a route was built from. */
type DeclarationOf<R> = R extends Route<infer E> ? E : never;

/** A feature's client: one function per endpoint of its group, named as the group names them. */
export function clientOf<Group extends RouteGroup>(
  group: Group,
): {
  [Name in keyof Group["endpoints"]]: (
    ...input: CallArguments<DeclarationOf<Group["endpoints"][Name]>>
  ) => Promise<Answer<DeclarationOf<Group["endpoints"][Name]>>>;
} {
  return Object.fromEntries(
    Object.entries<Route>(group.endpoints).map(([name, route]) => [
      name,
      (...input: CallArguments<Endpoint>) => call(route, ...input),
    ]),
  ) as never;
}

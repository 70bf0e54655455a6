import type { ReactElement } from "react";
import { EventLoadError } from "./EventLoadError";
import { LoadingLine } from "./LoadingLine";

/** A query as a page reads it (TanStack Query's result has these two). */
type Query<T> = { data: T | undefined; error: Error | null };
type Answers<Queries> = { [K in keyof Queries]: Queries[K] extends Query<infer T> ? T : never };

/**
 * The reason the first failed query gives (the event absent, another account's, archived for an editor), with the
 * way back to the events; null while none has failed. For a page that shows itself while its queries load.
 */
export function eventLoadFailure(...queries: readonly Query<unknown>[]): ReactElement | null {
  const failure = queries.map((query) => query.error).find((error) => error !== null);
  return failure ? <EventLoadError message={failure.message} /> : null;
}

/**
 * An event's page waits for all its queries: until then `placeholder` is what it shows instead (the first failure's
 * reason, else the loading line); then `answers` holds their data in the order given.
 *
 * Every query's error and data are read, none skipped by a short-circuit: TanStack Query re-renders a page only for
 * the fields of a query that its renders read, so a field skipped while another query loads would never wake it.
 */
export function eventPageQueries<const Queries extends readonly Query<unknown>[]>(
  ...queries: Queries
): { answers: Answers<Queries>; placeholder: null } | { answers: undefined; placeholder: ReactElement } {
  const failure = eventLoadFailure(...queries);
  const answers = queries.map((query) => query.data);
  if (failure) return { answers: undefined, placeholder: failure };
  if (answers.includes(undefined)) return { answers: undefined, placeholder: <LoadingLine /> };
  return { answers: answers as Answers<Queries>, placeholder: null };
}

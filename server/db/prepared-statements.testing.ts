/** A database session that answers SQL: a pool's connection, or a PGlite (one session). */
type Session = { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * How many statements of `text` the session holds prepared (`pg_prepared_statements` is the session's own): 1 once
 * it runs named, 0 while each run parses it anew.
 */
export async function timesPrepared(session: Session, text: string): Promise<number> {
  const { rows } = await session.query(
    "select count(*)::int as count from pg_prepared_statements where statement = $1",
    [text],
  );
  return (rows[0] as { count: number } | undefined)?.count ?? 0;
}

import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../db/connection.js";
import { guests } from "../guests.tables.js";

/**
 * Bulk writes of the import job: one statement per batch with one array parameter per column, unnested by the
 * database. Drizzle's `.insert().values()` spends most of an import building SQL text with a parameter per cell
 * (DESIGN.md §2), and an UPDATE per guest costs a round trip each.
 */

/** What an import writes on a guest: the fields a row can fill, its custom answers and the search text. */
const importedFields = [
  "firstName",
  "lastName",
  "civility",
  "email",
  "company",
  "jobTitle",
  "phone",
  "status",
  "companionsExpected",
  "prescriber",
  "customFields",
  "searchText",
] as const;

export type ImportedGuest = Pick<typeof guests.$inferInsert, (typeof importedFields)[number]>;

const columnNames = sql.join(
  importedFields.map((field) => sql.identifier(guests[field].name)),
  sql`, `,
);

/** `unnest($1::text[], $2::jsonb[], ...)`: each column's values in one array, encoded as the column encodes them. */
function unnestColumns(rows: ImportedGuest[], leading: SQL[] = []): SQL {
  const arrays = importedFields.map((field) => {
    const column = guests[field];
    const values = rows.map((row) => {
      const value = row[field];
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  return sql`unnest(${sql.join([...leading, ...arrays], sql`, `)})`;
}

/**
 * Inserts new guests of one event; a row meeting a guest added meanwhile with the same email is left out (the
 * caller counts it as skipped). Returns how many were inserted.
 */
export async function insertImportedGuests(tx: Executor, eventId: string, rows: ImportedGuest[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = (await tx.execute(sql`
    with inserted as (
      insert into ${guests} (event_id, created_source, ${columnNames})
      select ${eventId}::uuid, 'import', * from ${unnestColumns(rows)}
      on conflict do nothing
      returning 1
    )
    select count(*)::int as count from inserted`)) as unknown as { rows: { count: number }[] };
  return result.rows[0]?.count ?? 0;
}

/** Writes the imported fields over existing guests, found by id. */
export async function updateImportedGuests(tx: Executor, rows: (ImportedGuest & { id: string })[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = sql`${sql.param(rows.map((row) => row.id))}::uuid[]`;
  const assignments = sql.join(
    importedFields.map(
      (field) => sql`${sql.identifier(guests[field].name)} = given.${sql.identifier(guests[field].name)}`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${guests} set ${assignments}, updated_at = now()
    from ${unnestColumns(rows, [ids])} as given(id, ${columnNames})
    where ${guests.id} = given.id`);
}

import { and, eq, type SQL, sql } from "drizzle-orm";
import { choiceFieldTypes } from "../../../contract/guests.js";
import type { Executor } from "../../db/connection.js";
import { storedFiles } from "../../platform/files.tables.js";
import { formSubmissions, forms } from "./forms.tables.js";

/** Question types whose answers carry no one's identity and feed the statistics (distributions, averages). */
const statisticTypes = [...choiceFieldTypes, "rating", "number"];

/**
 * Retention: the free answers of anonymized guests (texts, dates, phone and identity numbers, files) become a neutral
 * word; an empty answer stays empty, so each question's count of answers in the statistics is unchanged. The files
 * they answered with are deleted (their keys answered, for the store), read before the answers lose their ids.
 */
export async function anonymizeFormAnswers(executor: Executor, guestIds: SQL): Promise<string[]> {
  const released = await executor
    .delete(storedFiles)
    .where(
      and(
        eq(storedFiles.purpose, "form.answer"),
        sql`${storedFiles.id}::text in (select answer.value #>> '{}' from ${formSubmissions},
          jsonb_each(${formSubmissions.answers}) answer
          where ${formSubmissions.guestId} in ${guestIds} and jsonb_typeof(answer.value) = 'string')`,
      ),
    )
    .returning({ storageKey: storedFiles.storageKey });
  const types = sql.join(
    statisticTypes.map((type) => sql`${type}`),
    sql`, `,
  );
  // The kept question ids are read once per form (the join), not once per submission.
  await executor.execute(sql`update ${formSubmissions} set answers = (
      select coalesce(jsonb_object_agg(answer.key, case
        when answer.value in ('null'::jsonb, '""'::jsonb, '[]'::jsonb) or answer.key = any(kept.ids)
        then answer.value else '"Anonymized"'::jsonb end), '{}'::jsonb)
      from jsonb_each(${formSubmissions.answers}) answer)
    from ${forms} cross join lateral (
      select coalesce(array_agg(question->>'id'), '{}') as ids
      from jsonb_path_query(${forms.items} || coalesce(${forms.publishedItems}, '[]'::jsonb),
        'lax $.** ? (@.kind == "question")') question
      where question->>'type' in (${types})) kept
    where ${forms.id} = ${formSubmissions.formId} and ${formSubmissions.guestId} in ${guestIds}`);
  return released.map((file) => file.storageKey);
}

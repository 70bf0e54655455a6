import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Language } from "../../../contract/common.js";
import {
  type Answers,
  type FormStatistics,
  formQuestions,
  hasAnswers,
  localizedText,
  type Question,
  submittedAtLabel,
} from "../../../contract/forms.js";
import { exportLabels } from "../../../contract/guest-export.js";
import type { Executor } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { storedFiles } from "../../platform/files.tables.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent } from "../events/events.visibility.js";
import { csvStream } from "../guests/exports/exports.service.js";
import { guests } from "../guests/guests.tables.js";
import { requireForm, rowsOf } from "./forms.service.js";
import { formSubmissions } from "./forms.tables.js";

const questionName = (question: Question, language: Language) =>
  question.name || localizedText(question.title, language);

/** Per question id: how many submissions answered it, and the average of its number answers. */
function answeredQuery(formId: string) {
  return sql`select e.key as question_id, count(*)::int as answered,
      avg(case when jsonb_typeof(e.value) = 'number' then (e.value #>> '{}')::float8 end) as average
    from ${formSubmissions} s cross join jsonb_each(s.answers) e
    where s.form_id = ${formId} and e.value not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb)
    group by e.key`;
}

/** Per question id and answer (a choice id, a rating, each ticked answer of a multiple choice): how many chose it. */
function choicesQuery(formId: string, questionIds: string[]) {
  const ids = sql.join(
    questionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`select e.key as question_id, v.value, count(*)::int as count
    from ${formSubmissions} s cross join jsonb_each(s.answers) e
    cross join lateral jsonb_array_elements_text(
      case when jsonb_typeof(e.value) = 'array' then e.value else jsonb_build_array(e.value) end) v(value)
    where s.form_id = ${formId} and e.key in (${ids}) and jsonb_typeof(e.value) in ('string', 'number', 'array')
    group by e.key, v.value`;
}

/**
 * Submissions per day in the event's timezone, and per question of the working items: how many answered, the
 * distribution of choice answers (labels in `language`) and of ratings (every value from 1 to the maximum, zero
 * counts included), the average of ratings and numbers.
 */
export async function formStatistics(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  id: string,
  language: Language,
): Promise<FormStatistics> {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const form = await requireForm(context.db, eventId, id);
  const questions = formQuestions(form.items);
  const counted = questions.filter((question) => hasAnswers(question.type) || question.type === "rating");
  const day = sql<string>`to_char(${formSubmissions.createdAt} at time zone ${event.timezone}, 'YYYY-MM-DD')`;
  const [byDay, answered, chosen] = await Promise.all([
    context.db
      .select({ day, count: sql<number>`count(*)::int` })
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, id))
      // By position: the timezone is a parameter, and a repeated expression would not match the selected one.
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    rowsOf<{ question_id: string; answered: number; average: number | null }>(context.db, answeredQuery(id)),
    counted.length === 0
      ? []
      : rowsOf<{ question_id: string; value: string; count: number }>(
          context.db,
          choicesQuery(
            id,
            counted.map((question) => question.id),
          ),
        ),
  ]);
  const answeredBy = new Map(answered.map((row) => [row.question_id, row]));
  const countOf = (questionId: string, value: string) =>
    chosen.find((row) => row.question_id === questionId && row.value === value)?.count ?? 0;
  return {
    submissionCount: byDay.reduce((total, row) => total + row.count, 0),
    byDay,
    questions: questions.map((question) => {
      const stats = answeredBy.get(question.id);
      const keys =
        question.type === "rating"
          ? Array.from({ length: event.ratingMax }, (_, index) => ({
              key: String(index + 1),
              label: String(index + 1),
            }))
          : hasAnswers(question.type)
            ? question.answers.map((answer) => ({ key: answer.id, label: localizedText(answer.label, language) }))
            : [];
      const average = ["rating", "number"].includes(question.type) ? (stats?.average ?? null) : null;
      return {
        questionId: question.id,
        name: questionName(question, language),
        type: question.type,
        answered: stats?.answered ?? 0,
        distribution: keys.map((entry) => ({ ...entry, count: countOf(question.id, entry.key) })),
        average: average === null ? null : Number(average),
      };
    }),
  };
}

/** Submissions fetched per query: the export's memory stays flat whatever the number of answers. */
const pageSize = 1_000;

/** Submissions with their guest in pages, by `(created_at, id) > last` (the key as text keeps the microseconds). */
type SubmissionRow = {
  id: string;
  key: string;
  submittedAt: Date;
  answers: Answers;
  firstName: string;
  lastName: string;
  email: string | null;
};

async function* submissionPages(executor: Executor, formId: string): AsyncGenerator<SubmissionRow[]> {
  let last: { key: string; id: string } | undefined;
  for (;;) {
    const rows = await executor
      .select({
        id: formSubmissions.id,
        key: sql<string>`${formSubmissions.createdAt}::text`,
        submittedAt: formSubmissions.updatedAt,
        answers: formSubmissions.answers,
        firstName: guests.firstName,
        lastName: guests.lastName,
        email: guests.email,
      })
      .from(formSubmissions)
      .innerJoin(guests, eq(guests.id, formSubmissions.guestId))
      .where(
        and(
          eq(formSubmissions.formId, formId),
          last &&
            sql`(${formSubmissions.createdAt}, ${formSubmissions.id}) > (${last.key}::timestamptz, ${last.id}::uuid)`,
        ),
      )
      .orderBy(asc(formSubmissions.createdAt), asc(formSubmissions.id))
      .limit(pageSize);
    if (rows.length > 0) yield rows;
    const tail = rows.at(-1);
    if (!tail || rows.length < pageSize) return;
    last = { key: tail.key, id: tail.id };
  }
}

/** The names of the files a page of answers names (file questions answer a stored file's id). */
async function fileNames(executor: Executor, eventId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await executor
    .select({ id: storedFiles.id, name: storedFiles.name })
    .from(storedFiles)
    .where(and(eq(storedFiles.eventId, eventId), inArray(storedFiles.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The CSV of every submission (the guest list export's format: `;`, UTF-8 with a byte-order mark): submitted at,
 * the guest's names and email, then one column per question, choices as their labels in `language`.
 */
export async function exportFormAnswers(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  id: string,
  language: Language,
) {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const form = await requireForm(context.db, eventId, id);
  const questions = formQuestions(form.items);
  const files = questions.filter((question) => question.type === "file");
  const columns = exportLabels[language].columns;
  const header = [
    submittedAtLabel[language],
    columns.firstName,
    columns.lastName,
    columns.email,
    ...questions.map((question) => questionName(question, language)),
  ];
  const when = new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short", timeZone: event.timezone });
  const pages = submissionPages(context.db, id);
  // Read before anything is sent, so a failing query still gets a proper error answer.
  const first = await pages.next();
  async function* format(page: SubmissionRow[]) {
    const fileIds = page.flatMap((row) => files.map((question) => row.answers[question.id]));
    const names = await fileNames(
      context.db,
      eventId,
      fileIds.filter((value): value is string => typeof value === "string" && uuidPattern.test(value)),
    );
    for (const row of page) {
      const cells = questions.map((question) => {
        const value = row.answers[question.id];
        if (value === undefined || value === null) return "";
        const label = (answerId: string) =>
          localizedText(question.answers.find((answer) => answer.id === answerId)?.label, language) || answerId;
        if (Array.isArray(value)) return value.map(label).join(", ");
        if (typeof value === "number") return value;
        if (hasAnswers(question.type)) return label(value);
        return question.type === "file" ? (names.get(value) ?? value) : value;
      });
      yield [when.format(row.submittedAt), row.firstName, row.lastName, row.email ?? "", ...cells];
    }
  }
  async function* rows() {
    yield header;
    if (first.done) return;
    yield* format(first.value);
    for await (const page of pages) yield* format(page);
  }
  const onError = (error: unknown) => context.logger.error({ err: error, formId: id }, "form answers export stopped");
  return {
    filename: `form-${event.slug}-${form.type}.csv`,
    contentType: "text/csv; charset=utf-8",
    stream: csvStream(rows(), language, onError),
  };
}

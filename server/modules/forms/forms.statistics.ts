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
import { type Executor, rowsOf } from "../../db/connection.js";
import type { AppContext } from "../../platform/context.js";
import { storedFiles } from "../../platform/files.tables.js";
import {
  type CellValue,
  exportRows,
  type SpreadsheetColumn,
  type SpreadsheetFile,
  writeSpreadsheet,
} from "../../platform/spreadsheet.js";
import type { Caller } from "../events/events.service.js";
import { requireEvent } from "../events/events.visibility.js";
import { guests } from "../guests/guests.tables.js";
import { requireForm } from "./forms.service.js";
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

type SubmissionRow = {
  id: string;
  key: string;
  submittedAt: Date;
  answers: Answers;
  firstName: string;
  lastName: string;
  email: string | null;
  /** The names of the files this row's page answers (file questions answer a stored file's id). */
  fileNames: Map<string, string>;
};

/** The names of the files a page of answers names. */
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
 * One page of submissions with their guest, by `(created_at, id) > last` (the key as text keeps the microseconds),
 * with the names of the files they answer.
 */
function submissionPageReader(executor: Executor, eventId: string, formId: string, files: Question[]) {
  return async (last: SubmissionRow | undefined): Promise<SubmissionRow[]> => {
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
    const fileIds = rows.flatMap((row) => files.map((question) => row.answers[question.id]));
    const names = await fileNames(
      executor,
      eventId,
      fileIds.filter((value): value is string => typeof value === "string" && uuidPattern.test(value)),
    );
    return rows.map((row) => ({ ...row, fileNames: names }));
  };
}

/** A question's answer in a cell: choices as their labels in `language`, files by their names. */
function answerCell(question: Question, row: SubmissionRow, language: Language): CellValue {
  const value = row.answers[question.id];
  if (value === undefined || value === null) return "";
  const label = (answerId: string) =>
    localizedText(question.answers.find((answer) => answer.id === answerId)?.label, language) || answerId;
  if (Array.isArray(value)) return value.map(label).join(", ");
  if (typeof value === "number") return value;
  if (hasAnswers(question.type)) return label(value);
  return question.type === "file" ? (row.fileNames.get(value) ?? value) : value;
}

/**
 * The CSV of every submission, `form-<event slug>-<form type>.csv`: submitted at, the guest's names and email (the
 * guest list export's headers), then one column per question.
 */
export async function exportFormAnswers(
  context: AppContext,
  { access }: Caller,
  eventId: string,
  id: string,
  language: Language,
): Promise<SpreadsheetFile> {
  const event = await requireEvent(context.db, access, eventId, "events.read");
  const form = await requireForm(context.db, eventId, id);
  const questions = formQuestions(form.items);
  const files = questions.filter((question) => question.type === "file");
  const guestHeaders = exportLabels[language].columns;
  const when = new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short", timeZone: event.timezone });
  const columns: SpreadsheetColumn<SubmissionRow>[] = [
    { header: submittedAtLabel[language], cell: (row) => when.format(row.submittedAt) },
    { header: guestHeaders.firstName, cell: (row) => row.firstName },
    { header: guestHeaders.lastName, cell: (row) => row.lastName },
    { header: guestHeaders.email, cell: (row) => row.email ?? "" },
    ...questions.map((question) => ({
      header: questionName(question, language),
      cell: (row: SubmissionRow) => answerCell(question, row, language),
    })),
  ];
  return writeSpreadsheet({
    format: "csv",
    name: `form-${event.slug}-${form.type}`,
    language,
    columns,
    rows: await exportRows(pageSize, submissionPageReader(context.db, eventId, id, files)),
    onError: (error) => context.logger.error({ err: error, formId: id }, "form answers export stopped"),
  });
}

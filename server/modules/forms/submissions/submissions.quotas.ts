import { eq, sql } from "drizzle-orm";
import type { CodedMessage } from "../../../../contract/error-messages.js";
import { type Answers, type FormItem, formQuestions, hasAnswers } from "../../../../contract/forms.js";
import type { Executor } from "../../../db/connection.js";
import type { UnitOfWork } from "../../../db/unit-of-work.js";
import { AppError } from "../../../platform/errors.js";
import { formAnswerCounts } from "../forms.tables.js";

/** One answer of a choice question: the unit `form_answer_counts` counts and a quota limits. */
type Choice = { questionId: string; answerId: string; quota: number | null };
const keyOf = (choice: { questionId: string; answerId: string }) => `${choice.questionId}\u0000${choice.answerId}`;

/** The answers of the form's choice questions that a set of answers picks (unknown answer ids are no choice). */
export function choicesOf(items: readonly FormItem[], answers: Answers): Choice[] {
  const found: Choice[] = [];
  for (const question of formQuestions(items)) {
    const value = answers[question.id];
    if (!hasAnswers(question.type) || value === undefined || value === null) continue;
    const picked = new Set(Array.isArray(value) ? value : [String(value)]);
    for (const answer of question.answers) {
      if (picked.has(answer.id)) found.push({ questionId: question.id, answerId: answer.id, quota: answer.quota });
    }
  }
  return found;
}

/**
 * What a submission changes in the counters: each answer it gives counts once more, each answer the submissions it
 * replaces gave counts once less. `path` names the field to blame when a quota is filled (`items.<questionId>`, or
 * `companions.N.items.<questionId>`).
 */
export class ChoiceTally {
  private readonly changes = new Map<string, Choice & { delta: number; paths: string[] }>();

  add(choices: Choice[], delta: 1 | -1, pathPrefix = "items") {
    for (const choice of choices) {
      const key = keyOf(choice);
      const change = this.changes.get(key) ?? { ...choice, delta: 0, paths: [] };
      change.delta += delta;
      if (delta > 0) change.paths.push(`${pathPrefix}.${choice.questionId}`);
      this.changes.set(key, change);
    }
  }

  /**
   * Applies the changes in the submission's transaction, in one statement whose rows are in a fixed order, so two
   * submissions never wait on each other's rows crosswise. A quota is a conditional update (`chosen + n <= quota`):
   * of concurrent guests racing for the last place exactly one gets its row updated. An answer left without room
   * fails the whole submission with "Quota is filled for this option." on its question; the caller's transaction
   * then rolls everything back. The counting statement carries the writes the unit sent before it.
   */
  async apply(unit: UnitOfWork, formId: string): Promise<void> {
    const changes = [...this.changes.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, change]) => change);
    const { questionId, answerId, chosen } = formAnswerCounts;
    const released = changes.filter((change) => change.delta < 0);
    if (released.length > 0) {
      const rows = released.map(
        (change) => sql`(${change.questionId}::text, ${change.answerId}::text, ${-change.delta}::int)`,
      );
      const releasing = sql`update ${formAnswerCounts} set chosen = greatest(${chosen} - released.count, 0)
        from (values ${sql.join(rows, sql`, `)}) as released(question_id, answer_id, count)
        where ${formAnswerCounts.formId} = ${formId} and ${questionId} = released.question_id
          and ${answerId} = released.answer_id`;
      unit.send(() => unit.tx.execute(releasing));
    }
    const filled: Record<string, CodedMessage> = {};
    const blame = (change: (typeof changes)[number]) => {
      for (const path of change.paths) filled[path] = { code: "QUOTA_FILLED" };
    };
    const taken = [];
    for (const change of changes.filter((candidate) => candidate.delta > 0)) {
      // More than the quota at once (several companions) never fits, even on an empty counter.
      if (change.quota !== null && change.delta > change.quota) blame(change);
      else taken.push(change);
    }
    const limited = taken.filter((change) => change.quota !== null);
    const quotaOfRow =
      limited.length === 0
        ? sql`null::int`
        : sql`(case ${sql.join(
            limited.map(
              (change) =>
                sql`when excluded.question_id = ${change.questionId} and excluded.answer_id = ${change.answerId} then ${change.quota}::int`,
            ),
            sql` `,
          )} end)`;
    const counted =
      taken.length === 0
        ? []
        : await unit.tx
            .insert(formAnswerCounts)
            .values(
              taken.map((change) => ({
                formId,
                questionId: change.questionId,
                answerId: change.answerId,
                chosen: change.delta,
              })),
            )
            .onConflictDoUpdate({
              target: [formAnswerCounts.formId, questionId, answerId],
              set: { chosen: sql`${chosen} + excluded.chosen` },
              setWhere: sql`${quotaOfRow} is null or ${chosen} + excluded.chosen <= ${quotaOfRow}`,
            })
            .returning({ questionId, answerId });
    const done = new Set(counted.map(keyOf));
    for (const change of taken) if (!done.has(keyOf(change))) blame(change);
    if (Object.keys(filled).length > 0) throw new AppError(409, "QUOTA_FILLED", { fields: filled });
  }
}

/** The answers of the form whose quota is reached: shown disabled to the guest. */
export async function filledAnswerIds(executor: Executor, formId: string, items: readonly FormItem[]) {
  const quotas = new Map<string, number>();
  for (const question of formQuestions(items)) {
    for (const answer of question.answers)
      if (answer.quota !== null) quotas.set(keyOf({ questionId: question.id, answerId: answer.id }), answer.quota);
  }
  if (quotas.size === 0) return [];
  const counts = await executor.select().from(formAnswerCounts).where(eq(formAnswerCounts.formId, formId));
  return counts
    .filter((row) => row.chosen >= (quotas.get(keyOf(row)) ?? Number.POSITIVE_INFINITY))
    .map((row) => row.answerId);
}

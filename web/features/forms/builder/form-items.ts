import type { MessageCode } from "../../../../contract/error-messages";
import {
  type Answer,
  type ConditionalBlock,
  type FormItem,
  formQuestions,
  hasAnswers,
  type Question,
  type QuestionType,
  type RuleViolation,
} from "../../../../contract/forms";

/* The builder's edits of a form's items, as pure functions: the page keeps the items, these return the next ones. */

export type ItemKind = FormItem["kind"];
/** Where an item sits: the form's own list (null) or a conditional block's. */
export type Place = { blockId: string | null; index: number };
export type Refusal = { refused: MessageCode };

/** Short random ids: they only need to be unique within a form, and they show in exports' column keys. */
export const newId = () => crypto.randomUUID().slice(0, 8);

export function newAnswer(): Answer {
  return { id: newId(), label: {}, quota: null };
}

export function newQuestion(type: QuestionType): Question {
  return {
    kind: "question",
    id: newId(),
    type,
    name: "",
    title: {},
    help: {},
    required: false,
    readOnly: false,
    // A choice question starts with one empty answer to fill, as it needs at least one.
    answers: hasAnswers(type) ? [newAnswer()] : [],
    randomOrder: false,
    validation: { min: null, max: null },
    selection: { min: null, max: null, exact: null },
    target: null,
  };
}

export function newBlock(kind: Exclude<ItemKind, "question">): FormItem {
  const id = newId();
  if (kind === "text") return { kind, id, title: {}, description: {} };
  if (kind === "recommendations") return { kind, id, title: {}, max: 5 };
  return { kind, id, questionId: null, answerId: null, items: [] };
}

const blockItems = (items: readonly FormItem[], blockId: string | null): readonly FormItem[] | undefined => {
  if (blockId === null) return items;
  const block = items.find((item) => item.id === blockId);
  return block?.kind === "conditional" ? block.items : undefined;
};

export function findItem(items: readonly FormItem[], id: string): { item: FormItem; place: Place } | null {
  for (const [index, item] of items.entries()) {
    if (item.id === id) return { item, place: { blockId: null, index } };
    if (item.kind === "conditional") {
      const inner = item.items.findIndex((child) => child.id === id);
      const child = item.items[inner];
      if (child) return { item: child, place: { blockId: item.id, index: inner } };
    }
  }
  return null;
}

/** The items with `change` applied to the item `id`, wherever it sits. */
export function updateItem(items: readonly FormItem[], id: string, change: (item: FormItem) => FormItem): FormItem[] {
  return items.map((item) => {
    if (item.id === id) return change(item);
    if (item.kind === "conditional" && item.items.some((child) => child.id === id))
      return { ...item, items: updateItem(item.items, id, change) };
    return item;
  });
}

function withoutItem(items: readonly FormItem[], id: string): FormItem[] {
  return items
    .filter((item) => item.id !== id)
    .map((item) => (item.kind === "conditional" ? { ...item, items: withoutItem(item.items, id) } : item));
}

/** The conditional blocks that show when question `questionId` has a given answer. */
export const blocksUsing = (items: readonly FormItem[], questionId: string) =>
  items.filter((item): item is ConditionalBlock => item.kind === "conditional" && item.questionId === questionId);

/** SPEC §5: a question used by a conditional block cannot be removed (nor a block holding one). */
export function removeItem(items: readonly FormItem[], id: string): FormItem[] | Refusal {
  const found = findItem(items, id);
  if (!found) return [...items];
  const removed = found.item.kind === "conditional" ? formQuestions(found.item.items) : formQuestions([found.item]);
  const kept = withoutItem(items, id);
  if (removed.some((question) => blocksUsing(kept, question.id).length > 0))
    return { refused: "QUESTION_USED_BY_CONDITION" };
  return kept;
}

/** Why the item cannot go into the block, or null: groups do not nest, a question stays out of the block it opens. */
export function refusalToEnter(item: FormItem, block: ConditionalBlock): MessageCode | null {
  if (item.kind === "conditional") return "GROUP_NESTED";
  if (item.kind === "question" && block.questionId === item.id) return "QUESTION_IN_OWN_CONDITION";
  return null;
}

/** The items with `item` put at `to` (a place in the form's list or a conditional block's). */
export function insertItem(items: readonly FormItem[], item: FormItem, to: Place): FormItem[] {
  const insert = (list: readonly FormItem[]) => {
    const next = [...list];
    next.splice(Math.max(0, Math.min(to.index, next.length)), 0, item);
    return next;
  };
  if (to.blockId === null) return insert(items);
  return items.map((candidate) =>
    candidate.id === to.blockId && candidate.kind === "conditional"
      ? { ...candidate, items: insert(candidate.items) }
      : candidate,
  );
}

/** The items with `id` moved to `to` (the index counted in the destination list once the item has left its place). */
export function moveItem(items: readonly FormItem[], id: string, to: Place): FormItem[] | Refusal {
  const found = findItem(items, id);
  if (!found) return [...items];
  if (to.blockId !== null) {
    const block = items.find((item) => item.id === to.blockId);
    if (block?.kind !== "conditional") return [...items];
    const refused = refusalToEnter(found.item, block);
    if (refused) return { refused };
  }
  return insertItem(withoutItem(items, id), found.item, to);
}

/** Where a new item goes: after the selected one, in its list (a new block goes after the selected item's block). */
export function placeAfter(items: readonly FormItem[], selectedId: string | null, item: FormItem): Place {
  const selected = selectedId ? findItem(items, selectedId) : null;
  if (!selected) return { blockId: null, index: items.length };
  const { blockId, index } = selected.place;
  if (blockId !== null && item.kind === "conditional") {
    const block = findItem(items, blockId);
    return { blockId: null, index: (block?.place.index ?? items.length - 1) + 1 };
  }
  return { blockId, index: index + 1 };
}

export const isRefusal = (result: FormItem[] | Refusal): result is Refusal => "refused" in result;

/** The drop target of a conditional block's own list (its body), beside its items' ids. */
export const blockListId = (blockId: string) => `into:${blockId}`;

/** Where dropping `activeId` on `overId` (an item, or a block's list) puts it; as dnd-kit's arrayMove counts. */
export function placeOfDrop(items: readonly FormItem[], activeId: string, overId: string): Place | null {
  if (overId.startsWith("into:")) {
    const blockId = overId.slice("into:".length);
    const list = blockItems(items, blockId);
    return list ? { blockId, index: list.filter((item) => item.id !== activeId).length } : null;
  }
  return findItem(items, overId)?.place ?? null;
}

/** The choice questions a conditional block may depend on: any outside the block. */
export const conditionSources = (items: readonly FormItem[], block: ConditionalBlock) =>
  formQuestions(items).filter(
    (question) => hasAnswers(question.type) && !block.items.some((child) => child.id === question.id),
  );

export type ItemErrors = { form: Record<string, string>; items: Record<string, Record<string, string>> };

/**
 * Puts rule violations (the builder's own check, or the server's field errors) on the item they are about: a path
 * like `items.2.answers.0.label` becomes `{ [id of item 2]: { "answers.0.label": message } }`, and
 * `items.1.items.0.title` lands on the first item of the block at index 1.
 */
export function errorsByItem(items: readonly FormItem[], violations: Record<string, string>): ItemErrors {
  const result: ItemErrors = { form: {}, items: {} };
  for (const [path, message] of Object.entries(violations)) {
    const match = /^items\.(\d+)(?:\.items\.(\d+))?(?:\.(.+))?$/.exec(path);
    const outer = match ? items[Number(match[1])] : undefined;
    const item = match?.[2] !== undefined && outer?.kind === "conditional" ? outer.items[Number(match[2])] : outer;
    if (!match || !item) {
      result.form[path] = message;
      continue;
    }
    const field = match[3] ?? "";
    result.items[item.id] = { ...result.items[item.id], [field]: result.items[item.id]?.[field] ?? message };
  }
  return result;
}

/** The first message of each path, as the server reports one message per field. */
export function violationsByPath(violations: RuleViolation[], translate: (violation: RuleViolation) => string) {
  const byPath: Record<string, string> = {};
  for (const violation of violations) byPath[violation.path] ??= translate(violation);
  return byPath;
}

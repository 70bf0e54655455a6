import { describe, expect, it } from "vitest";
import type { ConditionalBlock, FormItem, Question } from "../../../../contract/forms";
import {
  blockListId,
  errorsByItem,
  insertItem,
  moveItem,
  newBlock,
  newQuestion,
  placeAfter,
  placeOfDrop,
  removeItem,
} from "./form-items";

const diet: Question = { ...newQuestion("unique_choice"), id: "diet" };
const note: Question = { ...newQuestion("short_text"), id: "note" };
const other: Question = { ...newQuestion("long_text"), id: "other" };
const block: ConditionalBlock = {
  kind: "conditional",
  id: "block",
  questionId: "diet",
  answerId: diet.answers[0]?.id ?? null,
  items: [other],
};
const items: FormItem[] = [diet, note, block];
const ids = (list: readonly FormItem[]): string =>
  list.map((item) => (item.kind === "conditional" ? `${item.id}[${ids(item.items)}]` : item.id)).join(",");

describe("builder item edits", () => {
  it("moves questions into and out of a conditional block, and within a list as arrayMove does", () => {
    expect(ids(moveItem(items, "note", { blockId: "block", index: 0 }) as FormItem[])).toBe("diet,block[note,other]");
    expect(ids(moveItem(items, "other", { blockId: null, index: 0 }) as FormItem[])).toBe("other,diet,note,block[]");
    expect(ids(moveItem(items, "diet", { blockId: null, index: 1 }) as FormItem[])).toBe("note,diet,block[other]");
  });

  it("refuses a group in a group and a question in the group that depends on it", () => {
    const second = { ...newBlock("conditional"), id: "second" };
    expect(moveItem([...items, second], "second", { blockId: "block", index: 0 })).toEqual({ refused: "GROUP_NESTED" });
    expect(moveItem(items, "diet", { blockId: "block", index: 0 })).toEqual({ refused: "QUESTION_IN_OWN_CONDITION" });
  });

  it("refuses to remove a question a block depends on, but removes others", () => {
    expect(removeItem(items, "diet")).toEqual({ refused: "QUESTION_USED_BY_CONDITION" });
    expect(ids(removeItem(items, "other") as FormItem[])).toBe("diet,note,block[]");
    expect(ids(removeItem(items, "block") as FormItem[])).toBe("diet,note");
  });

  it("finds where a drop lands: on an item, or at the end of a block's list", () => {
    expect(placeOfDrop(items, "note", "other")).toEqual({ blockId: "block", index: 0 });
    expect(placeOfDrop(items, "note", blockListId("block"))).toEqual({ blockId: "block", index: 1 });
    expect(placeOfDrop(items, "other", blockListId("block"))).toEqual({ blockId: "block", index: 0 });
  });

  it("adds after the selected item, and a new block after the selected item's block", () => {
    const added = { ...newQuestion("date"), id: "added" };
    expect(ids(insertItem(items, added, placeAfter(items, "other", added)))).toBe("diet,note,block[other,added]");
    const group = { ...newBlock("conditional"), id: "group" };
    expect(ids(insertItem(items, group, placeAfter(items, "other", group)))).toBe("diet,note,block[other],group[]");
    expect(placeAfter(items, null, added)).toEqual({ blockId: null, index: 3 });
  });

  it("puts violation paths on the item they are about", () => {
    const errors = errorsByItem(items, {
      title: "The form needs a title.",
      "items.0.answers.0.label": "The option needs a title.",
      "items.2.items.0.title": "The question needs a title.",
      "items.2.questionId": "A conditional block needs a question and an answer.",
    });
    expect(errors).toEqual({
      form: { title: "The form needs a title." },
      items: {
        diet: { "answers.0.label": "The option needs a title." },
        other: { title: "The question needs a title." },
        block: { questionId: "A conditional block needs a question and an answer." },
      },
    });
  });
});

import { describe, expect, it } from "vitest";
import type { Category } from "../../../../contract/ticketing-catalogue";
import { categoryOutline, moveAmongSiblings } from "./category-tree";

const category = (id: string, parentId: string | null = null): Category => ({
  id,
  eventId: "e",
  name: id.toUpperCase(),
  color: null,
  parentId,
  position: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
});
// In the server's order (by position): a child may come before its parent.
const tree = [category("b1", "b"), category("a"), category("b"), category("c"), category("b2", "b")];

describe("category tree", () => {
  it("outlines parents before their children, siblings in list order, with their paths", () => {
    expect(categoryOutline(tree).map((entry) => [entry.category.id, entry.depth, entry.path.join(" › ")])).toEqual([
      ["a", 0, "A"],
      ["b", 0, "B"],
      ["b1", 1, "B › B1"],
      ["b2", 1, "B › B2"],
      ["c", 0, "C"],
    ]);
  });

  it("moves a category among its siblings and sends the whole tree depth first", () => {
    expect(moveAmongSiblings(tree, "c", "a")).toEqual([
      { id: "c", parentId: null },
      { id: "a", parentId: null },
      { id: "b", parentId: null },
      { id: "b1", parentId: "b" },
      { id: "b2", parentId: "b" },
    ]);
    expect(moveAmongSiblings(tree, "b1", "b2")?.map((item) => item.id)).toEqual(["a", "b", "b2", "b1", "c"]);
    // Not siblings: nothing to send.
    expect(moveAmongSiblings(tree, "b1", "a")).toBeNull();
  });
});

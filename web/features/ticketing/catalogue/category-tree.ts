import type { Category } from "../../../../contract/ticketing-catalogue";

/** What the outline needs of a category: the catalogue's and the shop's both have it. */
type TreeNode = { id: string; parentId: string | null; name: string };
export type OutlineEntry<C extends TreeNode = Category> = { category: C; depth: number; path: string[] };

/**
 * The categories as the tree shows them: each parent followed by its children, siblings in position order. A
 * category whose parent is missing shows at the top level rather than not at all.
 */
export function categoryOutline<C extends TreeNode>(categories: readonly C[]): OutlineEntry<C>[] {
  const known = new Set(categories.map((category) => category.id));
  const childrenOf = (parentId: string | null) =>
    categories.filter(
      (category) => (category.parentId && known.has(category.parentId) ? category.parentId : null) === parentId,
    );
  const outline: OutlineEntry<C>[] = [];
  const visit = (parentId: string | null, depth: number, path: string[]) => {
    for (const category of childrenOf(parentId)) {
      const entry = { category, depth, path: [...path, category.name] };
      outline.push(entry);
      // A tree from the server has no cycle; the depth bound keeps a broken one from looping.
      if (depth < 50) visit(category.id, depth + 1, entry.path);
    }
  };
  visit(null, 0, []);
  return outline;
}

/**
 * The whole tree as `categories/positions` takes it (depth-first, each with its parent), after `movedId` took the
 * place of `overId` among their siblings; null when they are not siblings.
 */
export function moveAmongSiblings(categories: readonly Category[], movedId: string, overId: string) {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const moved = byId.get(movedId);
  const over = byId.get(overId);
  if (!moved || !over || moved.parentId !== over.parentId) return null;
  const siblings = categories.filter((category) => category.parentId === moved.parentId);
  // As a sortable list moves an item: out of its index, into the index the item it was dropped on had.
  const order = siblings.map((category) => category.id);
  const to = order.indexOf(overId);
  order.splice(order.indexOf(movedId), 1);
  order.splice(to, 0, movedId);
  // The siblings trade their slots in the list; every other category keeps its own.
  const next = [...categories];
  siblings.forEach((sibling, index) => {
    const category = byId.get(order[index] ?? "");
    if (category) next[categories.indexOf(sibling)] = category;
  });
  return categoryOutline(next).map(({ category }) => ({ id: category.id, parentId: category.parentId }));
}

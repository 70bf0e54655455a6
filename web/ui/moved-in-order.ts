/** The ids of an ordered list with the one at `index` moved one place up (-1) or down (1): a Move up/down button's order. */
export function movedInOrder(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const order = [...ids];
  const [moved] = order.splice(index, 1);
  if (moved !== undefined) order.splice(index + by, 0, moved);
  return order;
}

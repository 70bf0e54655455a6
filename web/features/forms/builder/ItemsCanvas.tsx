import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { MessageCode } from "../../../../contract/error-messages";
import type { FormItem } from "../../../../contract/forms";
import { findItem, isRefusal, moveItem, placeOfDrop } from "./form-items";
import { BlockBody, SortableItemCard } from "./SortableItemCard";

type Props = {
  items: FormItem[];
  selectedId: string | null;
  /** The first message about each item, by item id. */
  errors: Record<string, string>;
  label(item: FormItem): string;
  onItemsChange(next: FormItem[]): void;
  onRefused(code: MessageCode): void;
  onSelect(id: string): void;
  onRemove(id: string): void;
};

/**
 * The pointer's innermost target wins: over a question inside a conditional block, the question rather than the
 * block around it. The keyboard has no pointer: the nearest target then.
 */
const innermostUnderPointer: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  if (hits.length === 0) return closestCenter(args);
  const area = (id: UniqueIdentifier) => {
    const rect = args.droppableRects.get(id);
    return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
  };
  return [...hits].sort((a, b) => area(a.id) - area(b.id));
};

/** The form's items as a sortable list; conditional blocks hold their own list, which items move into and out of. */
export function ItemsCanvas({ items, selectedId, errors, label, onItemsChange, onRefused, onSelect, onRemove }: Props) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier) => {
    const key = String(id);
    const blockId = key.startsWith("into:") ? key.slice("into:".length) : null;
    const found = findItem(items, blockId ?? key);
    if (!found) return "";
    return blockId ? t("forms.dnd.insideBlock", { block: label(found.item) }) : label(found.item);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("forms.dnd.start", { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t("forms.dnd.over", { name: nameOf(active.id), over: nameOf(over.id) })
        : t("forms.dnd.outside", { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t("forms.dnd.end", { name: nameOf(active.id), over: nameOf(over.id) })
        : t("forms.dnd.endOutside", { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t("forms.dnd.cancel", { name: nameOf(active.id) }),
  };

  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const place = placeOfDrop(items, String(active.id), String(over.id));
    if (!place) return;
    const moved = moveItem(items, String(active.id), place);
    if (isRefusal(moved)) onRefused(moved.refused);
    else onItemsChange(moved);
  };

  const card = (item: FormItem) => (
    <SortableItemCard
      key={item.id}
      item={item}
      label={label(item)}
      selected={item.id === selectedId}
      error={errors[item.id]}
      onSelect={() => onSelect(item.id)}
      onRemove={() => onRemove(item.id)}
    >
      {item.kind === "conditional" && (
        <BlockBody block={item} label={label(item)}>
          {item.items.map(card)}
        </BlockBody>
      )}
    </SortableItemCard>
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={innermostUnderPointer}
      onDragEnd={drop}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("forms.dnd.instructions") } }}
    >
      <SortableContext id="form" items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" component="section" aria-label={t("forms.builder.items")}>
          {items.length === 0 ? (
            <Text c="gray.7" ta="center" py="xl">
              {t("forms.builder.emptyItems")}
            </Text>
          ) : (
            items.map(card)
          )}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Props<T extends { id: string }> = {
  items: T[];
  /** What a screen reader hears an item called while it moves. */
  label(item: T): string;
  /** Readers see the order; they cannot change it. */
  disabled?: boolean;
  onMove(movedId: string, overId: string): void;
  /** One row; `handle` is the drag handle to place in it (null when sorting is disabled). */
  children(item: T, handle: ReactNode): ReactNode;
};

/**
 * A vertical list sorted by dragging a handle, with the mouse or the keyboard (space to lift, arrows to move, space
 * to drop, escape to cancel), each step announced.
 */
export function SortableRows<T extends { id: string }>({ items, label, disabled, onMove, children }: Props<T>) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => {
    const item = items.find((candidate) => candidate.id === id);
    return item ? label(item) : "";
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("ticketing.catalogue.dnd.start", { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t("ticketing.catalogue.dnd.over", { name: nameOf(active.id), over: nameOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t("ticketing.catalogue.dnd.end", { name: nameOf(active.id), over: nameOf(over.id) })
        : t("ticketing.catalogue.dnd.cancel", { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t("ticketing.catalogue.dnd.cancel", { name: nameOf(active.id) }),
  };
  const drop = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={drop}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t("ticketing.catalogue.dnd.instructions") },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Stack gap="xs">
          {items.map((item) => (
            <SortableRow key={item.id} id={item.id} name={label(item)} disabled={disabled}>
              {(handle) => children(item, handle)}
            </SortableRow>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  name,
  disabled,
  children,
}: {
  id: string;
  name: string;
  disabled?: boolean;
  children(handle: ReactNode): ReactNode;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  const handle = disabled ? null : (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray.8"
      size="lg"
      style={{ cursor: "grab", touchAction: "none" }}
      {...attributes}
      {...listeners}
      aria-label={t("ticketing.catalogue.dnd.handle", { name })}
    >
      <span aria-hidden="true">⠿</span>
    </ActionIcon>
  );
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: "relative",
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      {children(handle)}
    </div>
  );
}

import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Badge, Group, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ConditionalBlock, FormItem } from "../../../../contract/forms";
import { blockListId } from "./form-items";
import { ItemGlyph } from "./ItemGlyph";

type CardProps = {
  item: FormItem;
  label: string;
  selected: boolean;
  /** The first message about the item or its fields, shown on the card so the organizer finds it in a long form. */
  error?: string;
  onSelect(): void;
  onRemove(): void;
  children?: ReactNode;
};

/** One item of the canvas: a drag handle (pointer or keyboard), its name as a button that selects it, a remover. */
export function SortableItemCard({ item, label, selected, error, onSelect, onRemove, children }: CardProps) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: item.id });
  const errorId = `item-error-${item.id}`;
  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      radius="md"
      p="xs"
      data-item-id={item.id}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.6 : 1,
        borderColor: error ? "var(--mantine-color-red-7)" : selected ? "var(--mantine-color-blue-7)" : undefined,
        borderWidth: selected || error ? 2 : undefined,
        background: item.kind === "conditional" ? "var(--mantine-color-gray-0)" : undefined,
        position: "relative",
        zIndex: sortable.isDragging ? 2 : undefined,
      }}
    >
      <Group gap="xs" wrap="nowrap" align="center">
        <ActionIcon
          variant="subtle"
          color="gray.8"
          aria-label={t("forms.builder.dragItem", { name: label })}
          style={{ cursor: "grab", touchAction: "none" }}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          ⠿
        </ActionIcon>
        <UnstyledButton
          onClick={onSelect}
          aria-pressed={selected}
          aria-describedby={error ? errorId : undefined}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group gap="xs" wrap="nowrap">
            <ItemGlyph item={item} />
            <Text size="sm" fw={600} truncate>
              {label}
            </Text>
            {item.kind === "question" && item.required && (
              <Badge size="xs" variant="light" color="gray" c="gray.8" tt="none">
                {t("forms.builder.required")}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t("forms.builder.removeNamed", { name: label })}
          onClick={onRemove}
        >
          ✕
        </ActionIcon>
      </Group>
      {error && (
        <Text id={errorId} c="red.8" size="xs" mt={4}>
          {error}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/**
 * The body of a conditional block: its own sortable list, which questions are dragged into and out of; a group named
 * after the block, so a screen reader tells which items the condition shows.
 */
export function BlockBody({ block, label, children }: { block: ConditionalBlock; label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const droppable = useDroppable({ id: blockListId(block.id) });
  return (
    <SortableContext id={block.id} items={block.items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
      <Stack
        ref={droppable.setNodeRef}
        role="group"
        aria-label={t("forms.builder.blockItems", { block: label })}
        gap="xs"
        mt="xs"
        ml="lg"
        p="xs"
        style={{
          border: `2px dashed var(--mantine-color-${droppable.isOver ? "blue-6" : "gray-5"})`,
          borderRadius: "var(--mantine-radius-md)",
          minHeight: 56,
        }}
      >
        {block.items.length === 0 ? (
          <Text size="sm" c="gray.7" ta="center" py="xs">
            {t("forms.builder.blockDropHere")}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </SortableContext>
  );
}

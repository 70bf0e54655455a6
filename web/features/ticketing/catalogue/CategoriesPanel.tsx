import { Button, Card, ColorInput, ColorSwatch, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Category, categoryBody, categoryDescendants } from "../../../../contract/ticketing-catalogue";
import { useAlert } from "../../../ui/alert";
import { ConfirmDeleteModal } from "../../../ui/ConfirmDeleteModal";
import { useContractForm } from "../../../ui/forms";
import { CatalogueModal } from "./CatalogueModal";
import { RowActions } from "./CatalogueParts";
import { useDeleteCategory, useReorderCategories, useSaveCategory } from "./catalogue.queries";
import { categoryOutline, moveAmongSiblings } from "./category-tree";
import { SortableRows } from "./SortableRows";

type Props = { eventId: string; categories: Category[]; editable: boolean };

/**
 * The categories tree: each level sorted by dragging among its siblings; a category moves into another parent from
 * its edit window. Changes go to `categories/positions` as the whole tree.
 */
export function CategoriesPanel({ eventId, categories, editable }: Props) {
  const { t } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const reorder = useReorderCategories(eventId);
  const remove = useDeleteCategory(eventId);
  // undefined: closed; null: creating; a category: editing it.
  const [editing, setEditing] = useState<Category | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const outline = categoryOutline(categories);

  const move = (movedId: string, overId: string) => {
    const items = moveAmongSiblings(categories, movedId, overId);
    if (!items) return;
    clearAlert();
    reorder.mutate({ items }, { onError: (error) => showAlert(error.message) });
  };
  const confirmDelete = (category: Category) =>
    remove.mutate(category.id, {
      onSuccess: () => notifications.show({ color: "green", message: t("ticketing.catalogue.categories.deleted") }),
      onError: (error) => showAlert(error.message),
      onSettled: () => setDeleting(null),
    });

  /** One level of the tree: the children of `parentId`, each followed by its own children, indented. */
  const level = (parentId: string | null, depth: number) => {
    const siblings = outline.filter((entry) => entry.category.parentId === parentId && entry.depth === depth);
    if (siblings.length === 0) return null;
    return (
      <SortableRows
        items={siblings.map((entry) => entry.category)}
        label={(category) => category.name}
        disabled={!editable || reorder.isPending}
        onMove={move}
      >
        {(category, handle) => (
          <Stack gap="xs" pl={depth > 0 ? "md" : 0}>
            {/* The actions go under the name when the panel is too narrow for both. */}
            <Group gap="xs" justify="space-between">
              <Group gap="xs" wrap="nowrap" style={{ flex: "1 1 9rem", minWidth: 0 }}>
                {handle}
                <ColorSwatch color={category.color ?? "var(--mantine-color-gray-4)"} size={14} aria-hidden="true" />
                <Text size="sm" fw={500} style={{ overflowWrap: "break-word", minWidth: 0 }}>
                  {category.name}
                </Text>
              </Group>
              {editable && (
                <RowActions
                  size="compact-xs"
                  name={category.name}
                  onEdit={() => setEditing(category)}
                  onDelete={() => setDeleting(category)}
                />
              )}
            </Group>
            {level(category.id, depth + 1)}
          </Stack>
        )}
      </SortableRows>
    );
  };

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="categories-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="categories-title">
            {t("ticketing.catalogue.categories.title")}
          </Title>
          {editable && (
            <Button size="xs" variant="light" onClick={() => setEditing(null)}>
              {t("ticketing.catalogue.categories.create")}
            </Button>
          )}
        </Group>
        {outline.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t("ticketing.catalogue.categories.empty")}
          </Text>
        ) : (
          level(null, 0)
        )}
      </Stack>
      {editing !== undefined && (
        <CategoryModal
          key={editing?.id ?? "new"}
          eventId={eventId}
          category={editing}
          categories={categories}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDeleteModal
        title={t("ticketing.catalogue.categories.deleteTitle")}
        text={deleting && t("ticketing.catalogue.categories.deleteText", { name: deleting.name })}
        pending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

type ModalProps = { eventId: string; category: Category | null; categories: Category[]; onClose(): void };

/** A category's name, color and parent; a category cannot go inside itself or one of its subcategories. */
function CategoryModal({ eventId, category, categories, onClose }: ModalProps) {
  const { t } = useTranslation();
  const save = useSaveCategory(eventId);
  const form = useContractForm(categoryBody, {
    name: category?.name ?? "",
    color: category?.color ?? null,
    parentId: category?.parentId ?? null,
  });
  const excluded = category ? categoryDescendants(categories, category.id) : new Set<string>();
  const parents = categoryOutline(categories).filter((entry) => !excluded.has(entry.category.id));
  const color = form.getInputProps("color");

  return (
    <CatalogueModal
      title={t(category ? "ticketing.catalogue.categories.editTitle" : "ticketing.catalogue.categories.create")}
      form={form}
      save={save}
      variables={(body) => ({ id: category?.id, body })}
      onClose={onClose}
    >
      <TextInput label={t("ticketing.catalogue.categories.name")} withAsterisk {...form.getInputProps("name")} />
      <ColorInput
        label={t("ticketing.catalogue.categories.color")}
        format="hex"
        withEyeDropper={false}
        value={color.value ?? ""}
        onChange={(value) => form.setFieldValue("color", value === "" ? null : value)}
        error={color.error}
      />
      <Select
        label={t("ticketing.catalogue.categories.parent")}
        placeholder={t("ticketing.catalogue.categories.topLevel")}
        clearable
        data={parents.map((entry) => ({ value: entry.category.id, label: entry.path.join(" › ") }))}
        {...form.getInputProps("parentId")}
      />
    </CatalogueModal>
  );
}

import { ActionIcon, Avatar, Box, Button, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../contract/common";
import type { Image } from "../../../contract/images";
import { useAdminContext } from "../../ui/admin-context";
import { useAlert, useAlertError } from "../../ui/alert";
import { ConfirmDeleteModal } from "../../ui/ConfirmDeleteModal";
import { eventPageQueries } from "../../ui/event-page-queries";
import { LoadingLine } from "../../ui/LoadingLine";
import { movedInOrder } from "../../ui/moved-in-order";
import { useContentEvent } from "./ContentLayout";
import type { OrderedContentQueries } from "./ordered-content.queries";

/**
 * An item as its list shows it: its name, its image (a photo, a logo; a kind without images, a program's sections,
 * leaves it out) and a line under the name.
 */
export type ListedItem = { name: string; image?: Image | null; details: ReactNode };

/** The smallest copy of an image, enough for a thumbnail. */
const thumbnailOf = (image: Image | null | undefined) =>
  image ? (image.variants.find((variant) => variant.name === "320")?.url ?? image.url) : null;

/**
 * The page of one ordered kind of content (speakers, partners): its heading and Add button, its items in their order,
 * each with Move up / Move down, Edit and Delete buttons named after it, the editor window and the delete question.
 * The kind's texts are `content.<kind>.*`; a failed reorder or delete (SPEAKER_NOT_DELETED…) shows in the page's alert.
 * Readers, and anyone on an archived event, see the list only.
 */
export function OrderedContentList<Item extends { id: string }, Body>({
  kind,
  queries,
  language,
  filter,
  // Renamed: a call of `describe` reads as a test suite to the linter.
  describe: summaryOf,
  editor,
  uploader,
}: {
  kind: "speakers" | "partners" | "documents" | "photos" | "program" | "pages";
  queries: OrderedContentQueries<Item, Body>;
  /** For a kind listed per language (program): the language whose list shows, chosen with `filter`. */
  language?: Language;
  /** Shown to everyone under the heading: what picks the list (a language switcher). */
  filter?: ReactNode;
  describe(item: Item): ListedItem;
  /** The editor window of a new item (null) or of `item`; it calls `onClose` once saved or cancelled. */
  editor(item: Item | null, onClose: () => void): ReactNode;
  /** For a kind whose items are uploaded (documents, photos): shown to editors in place of the Add button. */
  uploader?: ReactNode;
}) {
  const { t } = useTranslation();
  const event = useContentEvent();
  const { can } = useAdminContext();
  const { clearAlert } = useAlert();
  const alertError = useAlertError();
  const list = queries.useList(event.id, language);
  const reorder = queries.useReorder(event.id, language);
  const remove = queries.useRemove(event.id);
  // undefined: closed; null: adding one; an item: editing it.
  const [editing, setEditing] = useState<Item | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const editable = can("events.update") && !event.archived;

  const page = eventPageQueries(list);
  const items = page.answers?.[0].items ?? [];
  const move = (index: number, by: -1 | 1) => {
    clearAlert();
    reorder.mutate(
      movedInOrder(
        items.map((item) => item.id),
        index,
        by,
      ),
      { onError: alertError },
    );
  };
  const confirmDelete = (item: Item) => {
    clearAlert();
    remove.mutate(item.id, {
      onSuccess: () =>
        notifications.show({ color: "green", message: t(`content.${kind}.deleted`, { name: summaryOf(item).name }) }),
      onError: alertError,
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>{t(`content.tabs.${kind}`)}</Title>
        {editable && !uploader && <Button onClick={() => setEditing(null)}>{t(`content.${kind}.add`)}</Button>}
      </Group>
      {filter}
      {editable && uploader}
      {reorder.isPending && <LoadingLine />}
      {page.placeholder ??
        (items.length === 0 ? (
          <Card withBorder padding="xl" radius="md">
            <Text ta="center" c="gray.7">
              {t(`content.${kind}.empty`)}
            </Text>
          </Card>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
            {items.map((item, index) => {
              const { name, image, details } = summaryOf(item);
              return (
                <Paper component="li" key={item.id} withBorder radius="md" p="sm">
                  <Group justify="space-between" gap="sm">
                    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: "1 1 240px" }}>
                      {/* The name beside it says who or what it is: the thumbnail adds nothing for a screen reader. */}
                      {image !== undefined && (
                        <Avatar
                          src={thumbnailOf(image)}
                          alt=""
                          size={56}
                          radius="sm"
                          name={name}
                          color="initials"
                          // A logo is wider than tall: shown whole, not cut to the square.
                          styles={{ image: { objectFit: "contain" } }}
                        />
                      )}
                      <Box style={{ minWidth: 0 }}>
                        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                          {name}
                        </Text>
                        <Text size="sm" c="gray.7" style={{ overflowWrap: "anywhere" }}>
                          {details}
                        </Text>
                      </Box>
                    </Group>
                    {editable && (
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          disabled={index === 0 || reorder.isPending}
                          aria-label={t("content.list.moveUp", { name })}
                          onClick={() => move(index, -1)}
                        >
                          ↑
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          disabled={index === items.length - 1 || reorder.isPending}
                          aria-label={t("content.list.moveDown", { name })}
                          onClick={() => move(index, 1)}
                        >
                          ↓
                        </ActionIcon>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-label={t("content.list.editNamed", { name })}
                          onClick={() => setEditing(item)}
                        >
                          {t("common.edit")}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={t("content.list.deleteNamed", { name })}
                          onClick={() => setDeleting(item)}
                        >
                          {t("common.delete")}
                        </Button>
                      </Group>
                    )}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        ))}
      {editing !== undefined && editor(editing, () => setEditing(undefined))}
      <ConfirmDeleteModal
        title={t(`content.${kind}.deleteTitle`)}
        text={deleting && t(`content.${kind}.deleteText`, { name: summaryOf(deleting).name })}
        pending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

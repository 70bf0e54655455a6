import { Alert, Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Message } from "../../../contract/messages";
import { useAdminContext } from "../../ui/admin-context";
import { useAlert } from "../../ui/alert";
import { useAdminPath } from "../../ui/language-scope";
import { formatReceived } from "./message-format";
import { useDeleteMessage, useMarkRead } from "./messages.queries";

/** One message, opened from the inbox: read it, answer by email, mark it unread again or delete it. */
export function MessageModal({
  eventId,
  message,
  onClose,
}: {
  eventId: string;
  message: Message | null;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const { can } = useAdminContext();
  const adminPath = useAdminPath();
  const { showAlert } = useAlert();
  const markRead = useMarkRead(eventId);
  const remove = useDeleteMessage(eventId);
  const [confirming, setConfirming] = useState(false);
  const messageId = message?.id;
  // Each message opens on its text, never on the previous one's confirmation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: messageId is the trigger, not a value read.
  useEffect(() => setConfirming(false), [messageId]);
  const editable = can("events.update");
  const error = markRead.error ?? remove.error;

  return (
    <Modal opened={message !== null} onClose={onClose} title={message?.subject ?? t("messages.noSubject")} size="lg">
      {message &&
        (confirming ? (
          <Stack gap="md">
            <Text>{t("messages.deleteText", { name: message.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t("common.cancel")}
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(message.id, {
                    onSuccess: () => {
                      showAlert(t("messages.deleted"), "green");
                      onClose();
                    },
                  })
                }
              >
                {t("messages.deleteConfirm")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="md">
            <Stack gap={2}>
              <Text fw={600}>
                {message.name}{" "}
                <Anchor href={`mailto:${message.email}`} c="blue.8" fw={400}>
                  {message.email}
                </Anchor>
              </Text>
              <Text size="sm" c="gray.7">
                {t("messages.receivedOn", { date: formatReceived(message.createdAt, i18n.language) })}
              </Text>
              {message.guestId && (
                <Anchor component={Link} to={adminPath(`/events/${eventId}/guests/${message.guestId}`)} size="sm">
                  {t("messages.seeGuest")}
                </Anchor>
              )}
            </Stack>
            <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{message.body}</Text>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error.message}
              </Alert>
            )}
            <Group justify="space-between">
              <Button
                component="a"
                href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject ?? ""}`.trim())}`}
              >
                {t("messages.reply")}
              </Button>
              {editable && (
                <Group gap="sm">
                  <Button
                    variant="default"
                    loading={markRead.isPending}
                    onClick={() => markRead.mutate({ id: message.id, read: message.readAt === null })}
                  >
                    {t(message.readAt === null ? "messages.markRead" : "messages.markUnread")}
                  </Button>
                  <Button variant="light" color="red" onClick={() => setConfirming(true)}>
                    {t("common.delete")}
                  </Button>
                </Group>
              )}
            </Group>
          </Stack>
        ))}
    </Modal>
  );
}

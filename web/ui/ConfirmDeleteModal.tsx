import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Asks before deleting: opened while `text` (what is about to go) is set; Delete spins while `pending`. */
export function ConfirmDeleteModal({
  title,
  text,
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string | null;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={text !== null} onClose={onClose} title={title}>
      <Stack>
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {t("common.delete")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

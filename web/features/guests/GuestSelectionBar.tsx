import { Button, Group, Modal, Paper, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type GuestStatus, guestStatuses } from "../../../contract/guests";
import { type GuestListParams, guestsApi } from "../../api/guests";
import { useAdminContext } from "../../app/admin-context";
import { useAlert } from "../../app/alert";
import { useDeleteGuests, useSetGuestsStatus } from "./guests.queries";

export type GuestSelection = { selected: Set<string>; allMatching: boolean };

type Props = {
  eventId: string;
  selection: GuestSelection;
  pageCount: number;
  total: number;
  /** The list's filter: "all matching" acts on it as it is when the action runs, not on ids seen earlier. */
  filter: GuestListParams;
  onSelectAllMatching(): void;
  onClear(): void;
};

/** Pages through the filtered list for the ids the grouped action needs. */
async function matchingIds(accountId: string, eventId: string, filter: GuestListParams) {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await guestsApi.list(accountId, eventId, { ...filter, limit: 500, offset });
    ids.push(...page.items.map((guest) => guest.id));
    if (page.items.length < 500 || ids.length >= page.total) return ids;
  }
}

export function GuestSelectionBar({
  eventId,
  selection,
  pageCount,
  total,
  filter,
  onSelectAllMatching,
  onClear,
}: Props) {
  const { t } = useTranslation();
  const { accountId } = useAdminContext();
  const { showAlert, clearAlert } = useAlert();
  const setStatus = useSetGuestsStatus(eventId);
  const remove = useDeleteGuests(eventId);
  const [status, setStatusValue] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const count = selection.allMatching ? total : selection.selected.size;
  if (count === 0) return null;

  const ids = () =>
    selection.allMatching ? matchingIds(accountId, eventId, filter) : Promise.resolve([...selection.selected]);
  const run = async (action: (ids: string[]) => Promise<unknown>, done: string) => {
    clearAlert();
    try {
      await action(await ids());
      notifications.show({ color: "green", message: done });
      onClear();
    } catch (error) {
      showAlert(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" aria-label={t("guests.selection.label")} component="section">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Text fw={600}>{t("guests.selection.count", { count })}</Text>
          {!selection.allMatching && selection.selected.size === pageCount && total > pageCount && (
            <Button variant="subtle" size="compact-sm" onClick={onSelectAllMatching}>
              {t("guests.selection.selectAll", { count: total })}
            </Button>
          )}
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            {t("guests.selection.clear")}
          </Button>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t("guests.selection.newStatus")}
            data={guestStatuses.map((value) => ({ value, label: t(`guests.status.${value}`) }))}
            value={status}
            onChange={setStatusValue}
            w={{ base: "100%", xs: 240 }}
          />
          <Button
            disabled={!status}
            loading={setStatus.isPending}
            onClick={() =>
              run(
                (list) => setStatus.mutateAsync({ ids: list, status: status as GuestStatus }),
                t("guests.selection.statusChanged"),
              )
            }
          >
            {t("guests.selection.applyStatus")}
          </Button>
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {t("common.delete")}
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t("guests.selection.deleteTitle")}>
        <Stack>
          <Text>{t("guests.selection.deleteText", { count })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("common.cancel")}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                run(async (list) => {
                  await remove.mutateAsync(list);
                  setConfirming(false);
                }, t("guests.selection.deleted"))
              }
            >
              {t("common.delete")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

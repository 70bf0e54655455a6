import { Button, Group, Modal, Paper, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { translate } from "../../../contract/error-messages";
import type { GuestBulkBody } from "../../../contract/guest-export";
import { type GuestStatus, guestStatuses } from "../../../contract/guests";
import { toLanguage } from "../../i18n/i18n";
import { useAlert } from "../../ui/alert";
import { useBadgesOffered } from "../ebadges/ebadges.queries";
import { PrintBadgesButton } from "../ebadges/PrintBadgesButton";
import type { GuestListParams, GuestTarget } from "./guest-list-params";
import { useBulkGuests } from "./guests.queries";

export type GuestSelection = { selected: Set<string>; allMatching: boolean };

/** "All matching" sends the filter, so the server acts on the list as it is when the action runs. */
export const selectionTarget = (selection: GuestSelection, filter: GuestListParams): GuestTarget =>
  selection.allMatching ? { filter } : { ids: [...selection.selected] };

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

export function GuestSelectionBar({
  eventId,
  selection,
  pageCount,
  total,
  filter,
  onSelectAllMatching,
  onClear,
}: Props) {
  const { t, i18n } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const bulk = useBulkGuests(eventId);
  const badgesOffered = useBadgesOffered(eventId);
  const [status, setStatusValue] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const count = selection.allMatching ? total : selection.selected.size;
  if (count === 0) return null;

  const target = selectionTarget(selection, filter);
  const run = async (action: GuestBulkBody["action"], done: string) => {
    clearAlert();
    try {
      const result = await bulk.mutateAsync({ target, action });
      notifications.show({ color: "green", message: done });
      // The server keeps guests holding a ticket out of a grouped delete and names them in notDeleted.
      if (result.notDeleted.length > 0) showAlert(translate("GUESTS_NOT_DELETED", toLanguage(i18n.language)));
      setConfirming(false);
      onClear();
    } catch (error) {
      setConfirming(false);
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
            loading={bulk.isPending && bulk.variables?.action.type === "setStatus"}
            onClick={() =>
              run({ type: "setStatus", status: status as GuestStatus }, t("guests.selection.statusChanged"))
            }
          >
            {t("guests.selection.applyStatus")}
          </Button>
          {/* A badge batch takes guest ids: "all matching" has none to give, the e-badge list prints every confirmed guest. */}
          {badgesOffered && !selection.allMatching && (
            <PrintBadgesButton
              eventId={eventId}
              guestIds={[...selection.selected]}
              label={t("ebadges.batch.printSelection")}
              variant="light"
            />
          )}
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
              loading={bulk.isPending && bulk.variables?.action.type === "delete"}
              onClick={() => run({ type: "delete" }, t("guests.selection.deleted"))}
            >
              {t("common.delete")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

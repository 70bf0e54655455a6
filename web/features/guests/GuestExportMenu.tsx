import { Button, Menu } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ExportFormat, type GuestTarget, guestExportApi } from "../../api/guest-export";
import type { GuestListParams } from "../../api/guests";
import { useAdminContext } from "../../app/admin-context";
import { useAlert } from "../../app/alert";

/** Hands a downloaded file to the browser as if it came from a link. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

type Props = {
  eventId: string;
  /** File name without extension, as the server names it: `guests-<event slug>`. */
  fileName: string;
  target: GuestTarget;
  order: Pick<GuestListParams, "sort" | "direction">;
  /** How many guests are selected; 0 exports the whole filtered list. */
  selectedCount: number;
};

/** Exports the filtered list, or the selection when there is one, as CSV or Excel, in the list's order. */
export function GuestExportMenu({ eventId, fileName, target, order, selectedCount }: Props) {
  const { t } = useTranslation();
  const { accountId } = useAdminContext();
  const { showAlert, clearAlert } = useAlert();
  const [busy, setBusy] = useState(false);

  const download = async (format: ExportFormat) => {
    clearAlert();
    setBusy(true);
    try {
      saveFile(await guestExportApi.download(accountId, eventId, target, order, format), `${fileName}.${format}`);
    } catch (error) {
      showAlert(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button variant="default" loading={busy}>
          {selectedCount > 0 ? t("guests.export.selection", { count: selectedCount }) : t("guests.export.button")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => download("csv")}>{t("guests.export.csv")}</Menu.Item>
        <Menu.Item onClick={() => download("xlsx")}>{t("guests.export.xlsx")}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { useTranslation } from "react-i18next";
import { type GuestTarget, guestExportApi } from "../../api/guest-export";
import type { GuestListParams } from "../../api/guests";
import { useAdminContext } from "../../ui/admin-context";
import { ExportMenu } from "../../ui/ExportMenu";

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
  return (
    <ExportMenu
      label={selectedCount > 0 ? t("guests.export.selection", { count: selectedCount }) : t("common.export.button")}
      fileName={fileName}
      fetchFile={(format) => guestExportApi.download(accountId, eventId, target, order, format)}
    />
  );
}

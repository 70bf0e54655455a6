import { useTranslation } from "react-i18next";
import { useAdminContext } from "../../ui/admin-context";
import { ExportMenu } from "../../ui/ExportMenu";
import type { GuestListParams, GuestTarget } from "./guest-list-params";
import { fetchGuestFile } from "./guests.queries";

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
      fetchFile={(format) => fetchGuestFile({ accountId, eventId }, target, order, format)}
    />
  );
}

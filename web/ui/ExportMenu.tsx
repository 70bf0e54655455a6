import { Button, Menu } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAlert } from "./alert";

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

type Format = "csv" | "xlsx";

/**
 * The "Export" menu of a list: CSV or Excel, fetched with the session (the routes need it, a plain link would not
 * carry it), saved as `<fileName>.<format>`; a failure shows in the page's alert.
 */
export function ExportMenu({
  label,
  fileName,
  fetchFile,
}: {
  label: ReactNode;
  /** Without extension, as the server names it. */
  fileName: string;
  fetchFile: (format: Format) => Promise<Blob>;
}) {
  const { t } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const [busy, setBusy] = useState(false);

  const download = async (format: Format) => {
    clearAlert();
    setBusy(true);
    try {
      saveFile(await fetchFile(format), `${fileName}.${format}`);
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
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => download("csv")}>{t("common.export.csv")}</Menu.Item>
        <Menu.Item onClick={() => download("xlsx")}>{t("common.export.xlsx")}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

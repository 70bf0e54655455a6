import { Button, Menu } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SpreadsheetFormat } from "../../contract/spreadsheet";
import { useDownload } from "./download";

/**
 * The "Export" menu of a list: CSV or Excel, saved as `<fileName>.<format>`; a failure shows in the page's alert.
 */
export function ExportMenu({
  label,
  fileName,
  fetchFile,
}: {
  label: ReactNode;
  /** Without extension, as the server names it. */
  fileName: string;
  fetchFile: (format: SpreadsheetFormat) => Promise<Blob>;
}) {
  const { t } = useTranslation();
  const { busy, download } = useDownload();
  const save = (format: SpreadsheetFormat) => download(format, `${fileName}.${format}`, () => fetchFile(format));

  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button variant="default" loading={busy !== null}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => save("csv")}>{t("common.export.csv")}</Menu.Item>
        <Menu.Item onClick={() => save("xlsx")}>{t("common.export.xlsx")}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

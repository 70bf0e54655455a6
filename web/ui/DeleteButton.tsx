import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/client";
import { useAlert } from "./alert";

/**
 * A row's Delete button, named after its row for screen readers ("Delete Hall B"): it asks `question` first, then
 * deletes, and a failure shows in the page's alert.
 */
export function DeleteButton({
  label,
  question,
  onDelete,
  size = "xs",
}: {
  /** The button's accessible name, which says what it deletes. */
  label: string;
  question: string;
  onDelete: () => Promise<unknown>;
  size?: "xs" | "compact-sm";
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const confirmDelete = () => {
    if (!window.confirm(question)) return;
    onDelete().catch((error: unknown) =>
      showAlert(error instanceof ApiError ? error.message : t("app.error.unknown"), "red"),
    );
  };
  return (
    <Button size={size} variant="light" color="red" onClick={confirmDelete} aria-label={label}>
      {t("common.delete")}
    </Button>
  );
}

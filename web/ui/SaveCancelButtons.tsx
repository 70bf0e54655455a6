import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The end of a form in a window: Cancel closes the window, Save submits the form and spins while it is saved. */
export function SaveCancelButtons({ saving, onCancel }: { saving: boolean; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" loading={saving}>
        {t("common.save")}
      </Button>
    </Group>
  );
}

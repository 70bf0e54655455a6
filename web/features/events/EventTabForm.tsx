import { Button, Fieldset, Group, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { EventUpdateBody } from "../../../contract/events";
import classes from "./EventTabForm.module.css";
import { type EventUpdateForm, useSaveEventTab } from "./event-form";

type Props = {
  eventId: string;
  form: EventUpdateForm;
  readOnly: boolean;
  /** Turns the tab's parsed values into the body sent (blank texts to null...). */
  prepare?(body: EventUpdateBody): EventUpdateBody;
  children: ReactNode;
};

/** One tab of the edit page: its own fields, its own Save; a disabled fieldset when the event cannot change. */
export function EventTabForm({ eventId, form, readOnly, prepare, children }: Props) {
  const { t } = useTranslation();
  const { onSubmit, saving } = useSaveEventTab(eventId, form, prepare);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" pt="md">
        <Fieldset variant="unstyled" disabled={readOnly} p={0} m={0} className={classes.readOnly}>
          <Stack gap="md">{children}</Stack>
        </Fieldset>
        {!readOnly && (
          <Group justify="flex-end">
            <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty() || saving}>
              {t("events.edit.discard")}
            </Button>
            <Button type="submit" loading={saving}>
              {t("common.save")}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

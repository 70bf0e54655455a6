import { Alert, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type EventSummary, eventDuplicateBody } from "../../../contract/events";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { useAdminPath } from "../../ui/language-scope";
import { EventSlugInput } from "./EventSlugInput";
import { hasFieldErrors, useSuggestedSlug } from "./event-form";
import { suggestSlug } from "./event-slug";
import { useDuplicateEvent } from "./events.queries";

type Props = { event: Pick<EventSummary, "id" | "name">; onClose(): void };

/** Asks the copy's name and URL (a URL is unique on the platform), then opens the copy. Mount it only while open. */
export function DuplicateEventModal({ event, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const duplicate = useDuplicateEvent(event.id);
  const name = t("events.duplicate.copyName", { name: event.name });
  const form = useContractForm(eventDuplicateBody, { name, slug: suggestSlug(name) });
  const [problem, setProblem] = useState<string | null>(null);
  const { nameProps, slugProps } = useSuggestedSlug(form.getInputProps("name"), form.getInputProps("slug"));

  const submit = form.onSubmit((body) => {
    setProblem(null);
    duplicate.mutate(body, {
      onSuccess: (copy) => {
        notifications.show({ color: "green", message: t("events.duplicate.done", { name: copy.name }) });
        onClose();
        navigate(adminPath(`/events/${copy.id}`));
      },
      // The page banner would sit behind the modal: other errors are shown in the modal itself.
      onError: (error) => {
        const headline = showServerErrors(form, error);
        if (!hasFieldErrors(error)) setProblem(headline);
      },
    });
  });

  return (
    <Modal opened onClose={onClose} title={t("events.duplicate.title", { name: event.name })} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {problem && (
            <Alert color="red" role="alert" variant="light">
              {problem}
            </Alert>
          )}
          <TextInput label={t("events.duplicate.name")} withAsterisk {...nameProps} />
          <EventSlugInput label={t("events.duplicate.slug")} {...slugProps} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={duplicate.isPending}>
              {t("events.duplicate.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

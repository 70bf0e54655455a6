import { Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Ebadge } from "../../../contract/ebadges";
import { ApiError } from "../../api/client";
import { useAccountEbadges, useCreateEbadge } from "./ebadges.queries";

/** A new badge: a name, and either an empty A4 page or a copy of any badge of the account (any of its events). */
export function NewBadgeModal({
  eventId,
  onClose,
  onCreated,
}: {
  eventId: string;
  onClose(): void;
  onCreated(badge: Ebadge): void;
}) {
  const { t } = useTranslation();
  const create = useCreateEbadge(eventId);
  const accountBadges = useAccountEbadges(true);
  const [name, setName] = useState("");
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  // Grouped by event, as the same badge name often recurs from one edition of an event to the next.
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const badge of accountBadges.data?.items ?? []) {
    const group = groups.get(badge.eventName) ?? [];
    group.push({ value: badge.id, label: badge.name });
    groups.set(badge.eventName, group);
  }
  const copyChoices = [...groups].map(([group, items]) => ({ group, items }));

  const submit = () => {
    setNameError(null);
    create.mutate(
      { name, ...(copyFrom && { copyFrom }) },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (error instanceof ApiError && error.fields.name) setNameError(error.fields.name);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t("ebadges.create.title")}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t("ebadges.create.name")}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            required
            data-autofocus
            maxLength={100}
          />
          <Select
            label={t("ebadges.create.copyFrom")}
            description={t("ebadges.create.copyFromHint")}
            placeholder={t("ebadges.create.blank")}
            data={copyChoices}
            value={copyFrom}
            onChange={setCopyFrom}
            clearable
            searchable
            nothingFoundMessage={t("ebadges.create.noneToCopy")}
          />
          {create.isError && !nameError && (
            <Text role="alert" c="red" size="sm">
              {create.error.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("common.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

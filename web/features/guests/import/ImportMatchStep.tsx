import { Button, Group, Radio, Select, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  customFieldTarget,
  type ImportMapping,
  type ImportStartBody,
  importGuestFields,
  type UploadedImport,
} from "../../../../contract/guest-imports";
import type { CustomField } from "../../../../contract/guests";
import { useAlert } from "../../../ui/alert";
import { useStartImport } from "./guest-imports.queries";

const ignore = "ignore";
type OnExistingEmail = ImportStartBody["onExistingEmail"];
const sampleCount = 3;

/** The columns whose target another column has chosen too. */
function duplicatedColumns(mapping: ImportMapping): Set<string> {
  const columnsByTarget = new Map<string, string[]>();
  for (const [column, target] of Object.entries(mapping))
    columnsByTarget.set(target, [...(columnsByTarget.get(target) ?? []), column]);
  return new Set([...columnsByTarget.values()].filter((columns) => columns.length > 1).flat());
}

type Props = {
  eventId: string;
  upload: UploadedImport;
  fields: CustomField[];
  onBack(): void;
  onStarted(): void;
};

export function ImportMatchStep({ eventId, upload, fields, onBack, onStarted }: Props) {
  const { t } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const start = useStartImport(eventId);
  const [mapping, setMapping] = useState<ImportMapping>(upload.suggestedMapping);
  const [onExistingEmail, setOnExistingEmail] = useState<OnExistingEmail>("skip");
  const [noneChosen, setNoneChosen] = useState(false);
  const duplicated = duplicatedColumns(mapping);

  const targets = [
    { value: ignore, label: t("guests.import.match.ignore") },
    {
      group: t("guests.import.match.guestFields"),
      items: importGuestFields.map((field) => ({ value: field, label: t(`guests.fields.${field}`) })),
    },
    ...(fields.length > 0
      ? [
          {
            group: t("guests.customFields.title"),
            items: fields.map((field) => ({ value: customFieldTarget(field.id), label: field.name })),
          },
        ]
      : []),
  ];
  const choose = (column: string, target: string | null) => {
    setNoneChosen(false);
    setMapping(({ [column]: _previous, ...others }) =>
      !target || target === ignore ? others : { ...others, [column]: target },
    );
  };
  const submit = () => {
    if (duplicated.size > 0) return;
    if (Object.keys(mapping).length === 0) return setNoneChosen(true);
    clearAlert();
    start.mutate(
      { importId: upload.id, mapping, onExistingEmail },
      { onSuccess: onStarted, onError: (failure) => showAlert(failure.message) },
    );
  };

  return (
    <Stack gap="md">
      <Text>{t("guests.import.match.intro", { count: upload.totalRows })}</Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("guests.import.match.column")}</Table.Th>
              <Table.Th scope="col">{t("guests.import.match.samples")}</Table.Th>
              <Table.Th scope="col">{t("guests.import.match.target")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {upload.columns.map((name, index) => {
              const column = String(index);
              return (
                <Table.Tr key={column}>
                  <Table.Th scope="row" fw={600}>
                    {name}
                  </Table.Th>
                  <Table.Td>
                    <Stack gap={0}>
                      {upload.sampleRows.slice(0, sampleCount).map((row, rowIndex) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity and never move.
                        <Text key={rowIndex} size="sm" c="gray.7" truncate="end" maw={240}>
                          {row[index] || "—"}
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td miw={220}>
                    <Select<string>
                      aria-label={t("guests.import.match.targetOf", { column: name })}
                      data={targets}
                      value={mapping[column] ?? ignore}
                      onChange={(target) => choose(column, target)}
                      allowDeselect={false}
                      error={duplicated.has(column) ? t("guests.import.match.duplicate") : undefined}
                      searchable
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Radio.Group
        label={t("guests.import.match.existing")}
        value={onExistingEmail}
        onChange={(value) => setOnExistingEmail(value as OnExistingEmail)}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="skip" label={t("guests.import.match.skip")} />
          <Radio value="update" label={t("guests.import.match.update")} />
        </Stack>
      </Radio.Group>
      {noneChosen && (
        <Text c="red.8" role="alert">
          {t("guests.import.match.noneChosen")}
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t("common.back")}
        </Button>
        <Button onClick={submit} loading={start.isPending} disabled={duplicated.size > 0}>
          {t("guests.import.match.submit")}
        </Button>
      </Group>
    </Stack>
  );
}

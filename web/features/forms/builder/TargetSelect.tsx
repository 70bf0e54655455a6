import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { guestFieldTargets, type Question, type QuestionTarget } from "../../../../contract/forms";
import type { CustomField } from "../../../../contract/guests";

/** Guest fields that can hold a question's answer, by question type. */
const guestFieldsFor = (type: Question["type"]): readonly (typeof guestFieldTargets)[number][] => {
  if (type === "short_text") return guestFieldTargets.filter((field) => field !== "civility");
  if (type === "phone") return ["phone"];
  if (type === "unique_choice" || type === "dropdown") return ["civility"];
  return [];
};

const encode = (target: QuestionTarget) =>
  target === null
    ? "none"
    : target.kind === "guest"
      ? `guest:${target.field}`
      : `custom:${target.customFieldId ?? "new"}`;

function decode(value: string): QuestionTarget {
  const [kind, key = ""] = value.split(":");
  if (kind === "guest") return { kind: "guest", field: key as (typeof guestFieldTargets)[number] };
  if (kind === "custom") return { kind: "customField", customFieldId: key === "new" ? null : key };
  return null;
}

type Props = { question: Question; customFields: CustomField[]; error?: string; onChange(next: QuestionTarget): void };

/** Where the answers land in the guest list: nowhere, a guest field, a custom field of the same type, or a new one. */
export function TargetSelect({ question, customFields, error, onChange }: Props) {
  const { t } = useTranslation();
  const guestFields = guestFieldsFor(question.type);
  // A rating has no custom field type to land in: its answers live in the form's statistics only.
  const fields = question.type === "rating" ? [] : customFields.filter((field) => field.type === question.type);
  const data = [
    { value: "none", label: t("forms.builder.targetNone") },
    ...(guestFields.length > 0
      ? [
          {
            group: t("forms.builder.targetGuestFields"),
            items: guestFields.map((field) => ({ value: `guest:${field}`, label: t(`guests.fields.${field}`) })),
          },
        ]
      : []),
    ...(question.type === "rating"
      ? []
      : [
          {
            group: t("forms.builder.targetCustomFields"),
            items: [
              ...fields.map((field) => ({ value: `custom:${field.id}`, label: field.name })),
              { value: "custom:new", label: t("forms.builder.targetNewField") },
            ],
          },
        ]),
  ];
  return (
    <Select
      label={t("forms.builder.target")}
      description={t("forms.builder.targetHelp")}
      data={data}
      value={encode(question.target)}
      allowDeselect={false}
      error={error}
      onChange={(value) => onChange(decode(String(value ?? "none")))}
    />
  );
}

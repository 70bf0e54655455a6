import { List, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AuditLog } from "../../../contract/audit";

const maxLines = 6;
const maxLength = 60;

/** One value of a change as short text: long values and structures are cut so a row stays readable. */
function shortValue(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** The fields an audit row changed, as "field: before → after"; a creation has no before, a deletion no after. */
export function AuditChanges({ before, after }: Pick<AuditLog, "before" | "after">) {
  const { t } = useTranslation();
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        —
      </Text>
    );
  }
  const line = (field: string) => {
    if (!before || !(field in before)) return shortValue(after?.[field]);
    if (!after || !(field in after)) return shortValue(before[field]);
    return `${shortValue(before[field])} → ${shortValue(after[field])}`;
  };
  return (
    <List size="sm" listStyleType="none" spacing={2}>
      {fields.slice(0, maxLines).map((field) => (
        <List.Item key={field} style={{ overflowWrap: "anywhere" }}>
          <Text span size="sm" fw={600}>
            {field}
          </Text>
          {`: ${line(field)}`}
        </List.Item>
      ))}
      {fields.length > maxLines && (
        <List.Item c="gray.7">{t("audit.moreChanges", { count: fields.length - maxLines })}</List.Item>
      )}
    </List>
  );
}

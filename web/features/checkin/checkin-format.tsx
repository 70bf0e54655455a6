import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CheckinMode } from "../../../contract/checkin";

export function CheckinModeBadge({ mode }: { mode: CheckinMode }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={mode === "live" ? "green" : "grape"}
      tt="none"
      style={{ flexShrink: 0, overflow: "visible" }}
    >
      {t(`checkin.mode.${mode}`)}
    </Badge>
  );
}

/** A moment of the doors' day, as the organizer reads it: the date, and the time to the minute. */
export const formatMoment = (value: string | null, language: string) =>
  value ? new Date(value).toLocaleString(language, { dateStyle: "medium", timeStyle: "short" }) : null;

/** An arrival's time: within a day of doors, the time alone says it. */
export const formatTime = (value: string, language: string) =>
  new Date(value).toLocaleTimeString(language, { hour: "2-digit", minute: "2-digit", second: "2-digit" });

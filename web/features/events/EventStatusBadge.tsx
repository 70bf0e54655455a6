import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { EventSummary } from "../../../contract/events";

const looks = {
  upcoming: { color: "blue", variant: "light" },
  in_progress: { color: "teal", variant: "light" },
  past: { color: "gray", variant: "light" },
  archived: { color: "dark", variant: "filled" },
} as const;

/** Archived wins over the date status: an archived event is out of the way whatever its dates. */
export function EventStatusBadge({ event }: { event: Pick<EventSummary, "status" | "archived"> }) {
  const { t } = useTranslation();
  const status = event.archived ? "archived" : event.status;
  return <Badge {...looks[status]}>{t(`events.status.${status}`)}</Badge>;
}

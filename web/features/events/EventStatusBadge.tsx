import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { EventSummary } from "../../../contract/events";

// Light badges keep the darkest shade for their text: the default light text is below 4.5:1 on its own tint.
const looks = {
  upcoming: { color: "blue", variant: "light", c: "blue.9" },
  in_progress: { color: "teal", variant: "light", c: "teal.9" },
  past: { color: "gray", variant: "light", c: "gray.8" },
  archived: { color: "dark", variant: "filled", c: undefined },
} as const;

/** Archived wins over the date status: an archived event is out of the way whatever its dates. */
export function EventStatusBadge({ event }: { event: Pick<EventSummary, "status" | "archived"> }) {
  const { t } = useTranslation();
  const status = event.archived ? "archived" : event.status;
  return <Badge {...looks[status]}>{t(`events.status.${status}`)}</Badge>;
}

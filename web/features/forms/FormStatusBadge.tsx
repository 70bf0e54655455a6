import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { FormStatus } from "../../../contract/forms";

const colors = { draft: "gray", online: "teal", updated: "orange" } as const;

/** Draft, online, or online with saved edits guests do not see yet (SPEC §3 Form states). */
export function FormStatusBadge({ status }: { status: FormStatus }) {
  const { t } = useTranslation();
  return (
    // max-content: in a table, the badge's clipped label would otherwise let its column shrink it to "Onl…".
    <Badge variant="light" color={colors[status]} tt="none" miw="max-content">
      {t(`forms.status.${status}`)}
    </Badge>
  );
}

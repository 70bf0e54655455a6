import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { FormStatus } from "../../../contract/forms";

// Light badges keep the darkest shade for their text: the default light text is below 4.5:1 on its own tint.
const looks = {
  draft: { color: "gray", c: "gray.8" },
  online: { color: "teal", c: "teal.9" },
  updated: { color: "orange", c: "orange.9" },
} as const;

/** Draft, online, or online with saved edits guests do not see yet (SPEC §3 Form states). */
export function FormStatusBadge({ status }: { status: FormStatus }) {
  const { t } = useTranslation();
  return (
    // max-content: in a table, the badge's clipped label would otherwise let its column shrink it to "Onl…".
    <Badge variant="light" tt="none" miw="max-content" {...looks[status]}>
      {t(`forms.status.${status}`)}
    </Badge>
  );
}

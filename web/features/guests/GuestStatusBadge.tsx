import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { GuestStatus } from "../../../contract/guests";
import { statusColors } from "./guest-format";

export function GuestStatusBadge({ status }: { status: GuestStatus }) {
  const { t } = useTranslation();
  const color = statusColors[status];
  return (
    <Badge variant="light" color={color} tt="none">
      {t(`guests.status.${status}`)}
    </Badge>
  );
}

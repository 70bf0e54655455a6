import type { TFunction } from "i18next";
import type { Ebadge } from "../../../contract/ebadges";
import type { GuestConditions } from "../../../contract/guest-conditions";

const isEmpty = (conditions: GuestConditions) =>
  conditions.statuses.length + conditions.ticketIds.length + conditions.categoryIds.length === 0 &&
  conditions.customFields.length === 0;

/**
 * Who a badge is printed for, in a line (contract/ebadges.ts): its own conditions; with none, nobody once another badge
 * has conditions; with none anywhere, every guest for the first badge and nobody for the others.
 */
export function conditionsSummary(badges: Ebadge[], index: number, t: TFunction): string {
  const conditions = badges[index]?.conditions;
  if (conditions) {
    if (isEmpty(conditions)) return t("ebadges.summary.everyone");
    const parts = [
      conditions.statuses.length > 0 && conditions.statuses.map((status) => t(`guests.status.${status}`)).join(", "),
      conditions.ticketIds.length > 0 && t("ebadges.summary.tickets", { count: conditions.ticketIds.length }),
      conditions.categoryIds.length > 0 && t("ebadges.summary.categories", { count: conditions.categoryIds.length }),
      conditions.customFields.length > 0 &&
        t("ebadges.summary.customFields", { count: conditions.customFields.length }),
    ];
    return parts.filter(Boolean).join(" · ");
  }
  const anyConditions = badges.some((badge) => badge.conditions !== null);
  return !anyConditions && index === 0 ? t("ebadges.summary.everyone") : t("ebadges.summary.nobody");
}

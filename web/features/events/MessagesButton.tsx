import { Badge, Button, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAdminPath } from "../../ui/language-scope";
import { useUnreadCount } from "./inbox.queries";

/** The way from an event to its inbox, with the number of messages nobody has read yet. */
export function MessagesButton({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const count = useUnreadCount(eventId).data?.count ?? 0;
  return (
    <Button
      component={Link}
      to={adminPath(`/events/${eventId}/messages`)}
      variant="light"
      size="sm"
      rightSection={
        count > 0 && (
          <Badge size="sm" color="blue.8" circle={count < 10} aria-hidden>
            {count}
          </Badge>
        )
      }
    >
      {t("messages.title")}
      {/* Named by its text, not an aria-label, so that the name says what the button shows (WCAG 2.5.3). */}
      {count > 0 && <VisuallyHidden>, {t("messages.unreadCount", { count })}</VisuallyHidden>}
    </Button>
  );
}

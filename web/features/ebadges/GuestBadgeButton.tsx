import { Alert, Anchor, Button, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../api/client";
import { useAlert } from "../../ui/alert";
import { saveFile } from "../../ui/download";
import { useAdminPath } from "../../ui/language-scope";
import { useBadgesOffered, useGuestBadgePdf } from "./ebadges.queries";

type Props = { eventId: string; guestId: string; guestName: string };

/**
 * Saves the badge the conditions give one guest, as a PDF; shown once the event has a badge. A guest whom no badge is
 * for is told so beside the button, with the way to the conditions: it is a fact about the rules, not a failure.
 */
export function GuestBadgeButton({ eventId, guestId, guestName }: Props) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const { showAlert, clearAlert } = useAlert();
  const offered = useBadgesOffered(eventId);
  const loadBadge = useGuestBadgePdf(eventId);
  const [saving, setSaving] = useState(false);
  const [withoutBadge, setWithoutBadge] = useState(false);
  if (!offered) return null;

  const save = async () => {
    clearAlert();
    setWithoutBadge(false);
    setSaving(true);
    try {
      saveFile(await loadBadge(guestId), t("ebadges.batch.guestFileName", { name: guestName }));
    } catch (error) {
      if (error instanceof ApiError && error.code === "EBADGE_NONE_FOR_GUEST") setWithoutBadge(true);
      else showAlert(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" align="flex-end">
      <Button variant="light" onClick={save} loading={saving}>
        {t("ebadges.batch.guestBadge")}
      </Button>
      {withoutBadge && (
        <Alert color="blue" variant="light" role="status" maw={420}>
          {t("ebadges.batch.guestWithoutBadge")}{" "}
          {/* The alert's own text, underlined: the link colour on the alert's blue falls short of 4.5:1. */}
          <Anchor
            component={Link}
            to={adminPath(`/events/${eventId}/ebadges/conditions`)}
            c="inherit"
            underline="always"
            inherit
          >
            {t("ebadges.conditions.title")}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}

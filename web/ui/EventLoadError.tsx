import { Alert, Button, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAdminPath } from "./language-scope";

/** The server's reason when an event cannot be shown: absent, another account's, or archived for an editor (404). */
export function EventLoadError({ message }: { message: string }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  return (
    <Stack>
      <Alert color="red" variant="light" role="alert">
        {message}
      </Alert>
      <Button component={Link} to={adminPath("/events")} variant="default" style={{ alignSelf: "flex-start" }}>
        {t("events.backToList")}
      </Button>
    </Stack>
  );
}

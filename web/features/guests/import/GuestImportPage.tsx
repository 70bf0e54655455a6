import { Alert, Stack, Stepper } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import type { UploadedImport } from "../../../../contract/guest-imports";
import { useAdminContext } from "../../../ui/admin-context";
import { useCustomFields } from "../../../ui/custom-fields.queries";
import { EventPageHeader } from "../../../ui/EventPageHeader";
import { eventLoadFailure } from "../../../ui/event-page-queries";
import { useAdminPath } from "../../../ui/language-scope";
import { usePageTitle } from "../../../ui/usePageTitle";
import { useEvent } from "../../events/events.queries";
import { ImportMatchStep } from "./ImportMatchStep";
import { ImportProgressStep } from "./ImportProgressStep";
import { ImportUploadStep } from "./ImportUploadStep";

/**
 * The import wizard: Upload file → Match fields → Process import (SPEC §2). A started import's id lives in the address,
 * so a reload or a shared link comes back to its progress.
 */
export function GuestImportPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const { can } = useAdminContext();
  const adminPath = useAdminPath();
  const event = useEvent(eventId);
  const fields = useCustomFields(eventId);
  const [searchParams, setSearchParams] = useSearchParams();
  const [upload, setUpload] = useState<UploadedImport | null>(null);
  const startedId = searchParams.get("import");
  usePageTitle(event.data ? t("guests.import.pageTitle", { name: event.data.name }) : t("guests.import.title"));

  const failure = eventLoadFailure(event);
  if (failure) return failure;
  const active = startedId ? 2 : upload ? 1 : 0;

  return (
    <Stack gap="lg">
      <EventPageHeader
        back={adminPath(`/events/${eventId}/guests`)}
        backLabel={t("guests.import.backToList")}
        title={t("guests.import.title")}
        eventName={event.data?.name}
      />
      {!can("events.update") ? (
        <Alert color="blue" variant="light">
          {t("guests.import.readOnly")}
        </Alert>
      ) : (
        <Stepper active={active} allowNextStepsSelect={false} size="sm">
          <Stepper.Step label={t("guests.import.steps.upload")} allowStepSelect={false}>
            <ImportUploadStep eventId={eventId} onUploaded={setUpload} />
          </Stepper.Step>
          <Stepper.Step label={t("guests.import.steps.match")} allowStepSelect={false}>
            {upload && (
              <ImportMatchStep
                eventId={eventId}
                upload={upload}
                fields={fields.data ?? []}
                onBack={() => setUpload(null)}
                onStarted={() => setSearchParams({ import: upload.id })}
              />
            )}
          </Stepper.Step>
          <Stepper.Step label={t("guests.import.steps.process")} allowStepSelect={false}>
            {startedId && <ImportProgressStep eventId={eventId} importId={startedId} />}
          </Stepper.Step>
        </Stepper>
      )}
    </Stack>
  );
}

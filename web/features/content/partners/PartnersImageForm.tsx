import { useTranslation } from "react-i18next";
import { type Event, eventUpdateBody } from "../../../../contract/events";
import { useAdminContext } from "../../../ui/admin-context";
import { useContractForm } from "../../../ui/forms";
import { ImageUploadField } from "../../../ui/image-upload/ImageUploadField";
import { EventTabForm } from "../../events/EventTabForm";

/** The event's partners image, saved with the event like its banner and logo (the Images tab's way). */
export function PartnersImageForm({ event }: { event: Event }) {
  const { t } = useTranslation();
  const { can } = useAdminContext();
  const readOnly = event.archived || !can("events.update");
  const form = useContractForm(eventUpdateBody, { partnersImageId: event.partnersImageId });
  const error = form.errors.partnersImageId;
  return (
    <EventTabForm eventId={event.id} form={form} readOnly={readOnly}>
      <ImageUploadField
        accountId={event.accountId}
        eventId={event.id}
        value={form.values.partnersImageId ?? null}
        onChange={(imageId) => form.setFieldValue("partnersImageId", imageId)}
        label={t("content.partners.image")}
        description={t("content.partners.imageHint")}
        purpose="general"
        disabled={readOnly}
        error={error ? String(error) : null}
      />
    </EventTabForm>
  );
}

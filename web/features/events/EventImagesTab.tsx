import { useTranslation } from "react-i18next";
import { type Event, type EventImageRole, eventUpdateBody } from "../../../contract/events";
import { useContractForm } from "../../ui/forms";
import { ImageUploadField } from "../../ui/image-upload/ImageUploadField";
import { EventTabForm } from "./EventTabForm";

/** The partners image has its place on the partners page (content/partners), beside the partners it stands for. */
const fields = { banner: "bannerImageId", logo: "logoImageId", favicon: "faviconImageId" } as const satisfies Record<
  Exclude<EventImageRole, "partners">,
  string
>;

/** The public page's banner, logo and favicon: uploaded at once, kept with the tab's Save like the other fields. */
export function EventImagesTab({ event, readOnly }: { event: Event; readOnly: boolean }) {
  const { t } = useTranslation();
  const form = useContractForm(eventUpdateBody, {
    bannerImageId: event.bannerImageId,
    logoImageId: event.logoImageId,
    faviconImageId: event.faviconImageId,
  });
  return (
    <EventTabForm eventId={event.id} form={form} readOnly={readOnly}>
      {Object.entries(fields).map(([role, field]) => (
        <ImageUploadField
          key={field}
          accountId={event.accountId}
          eventId={event.id}
          value={form.values[field] ?? null}
          onChange={(imageId) => form.setFieldValue(field, imageId)}
          label={t(`events.images.${role}`)}
          description={t(`events.images.${role}Hint`)}
          purpose="general"
          disabled={readOnly}
          error={form.errors[field] ? String(form.errors[field]) : null}
        />
      ))}
    </EventTabForm>
  );
}

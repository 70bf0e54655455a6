import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { localizedText } from "../../../contract/forms";
import { toLanguage } from "../../i18n/i18n";
import { EventLoadError } from "../../ui/EventLoadError";
import { LoadingLine } from "../../ui/LoadingLine";
import { usePageTitle } from "../../ui/usePageTitle";
import { EventDatesProvider } from "../events/EventDatesProvider";
import { useEvent } from "../events/events.queries";
import { useCustomFields } from "../guests/guests.queries";
import { FormEditor } from "./FormEditor";
import { useFormDetail } from "./forms.queries";

/** The drag-and-drop builder of a saved form. */
export function FormBuilderPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "", formId = "" } = useParams();
  const event = useEvent(eventId);
  const form = useFormDetail(eventId, formId);
  const customFields = useCustomFields(eventId);
  const title = form.data && localizedText(form.data.title, toLanguage(i18n.language));
  usePageTitle(t("forms.builder.pageTitle", { title: title || t("forms.untitled") }));

  const failed = event.error ?? form.error ?? customFields.error;
  if (failed) return <EventLoadError message={failed.message} />;
  if (!event.data || !form.data || !customFields.data) return <LoadingLine />;
  return (
    <EventDatesProvider>
      {/* Keyed by form: another form starts its own working copy. */}
      <FormEditor key={form.data.id} event={event.data} form={form.data} customFields={customFields.data} />
    </EventDatesProvider>
  );
}

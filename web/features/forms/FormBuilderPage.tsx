import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { localizedText } from "../../../contract/forms";
import { toLanguage } from "../../i18n/i18n";
import { useCustomFields } from "../../ui/custom-fields.queries";
import { eventPageQueries } from "../../ui/event-page-queries";
import { usePageTitle } from "../../ui/usePageTitle";
import { EventDatesProvider } from "../events/EventDatesProvider";
import { useEvent } from "../events/events.queries";
import { FormEditor } from "./FormEditor";
import { useFormDetail } from "./forms.queries";

/** The drag-and-drop builder of a saved form. */
export function FormBuilderPage() {
  const { t, i18n } = useTranslation();
  const { eventId = "", formId = "" } = useParams();
  const form = useFormDetail(eventId, formId);
  const title = form.data && localizedText(form.data.title, toLanguage(i18n.language));
  usePageTitle(t("forms.builder.pageTitle", { title: title || t("forms.untitled") }));

  const page = eventPageQueries(useEvent(eventId), form, useCustomFields(eventId));
  if (!page.answers) return page.placeholder;
  const [event, saved, customFields] = page.answers;
  return (
    <EventDatesProvider>
      {/* Keyed by form: another form starts its own working copy. */}
      <FormEditor key={saved.id} event={event} form={saved} customFields={customFields} />
    </EventDatesProvider>
  );
}

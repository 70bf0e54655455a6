import { type Event, eventUpdateBody } from "../../../contract/events";
import { useContractForm } from "../../ui/forms";
import { EventDateFields } from "./EventDateFields";
import { EventTabForm } from "./EventTabForm";

export function EventDatesTab({ event, readOnly }: { event: Event; readOnly: boolean }) {
  const form = useContractForm(eventUpdateBody, {
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    allDay: event.allDay,
    timezone: event.timezone,
    registrationClosesAt: event.registrationClosesAt,
  });
  return (
    <EventTabForm eventId={event.id} form={form} readOnly={readOnly}>
      <EventDateFields values={form.values} errors={form.errors} onChange={form.setValues} />
    </EventTabForm>
  );
}

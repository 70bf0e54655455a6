import { NumberInput, SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type Event, eventUpdateBody } from "../../../contract/events";
import { toLanguage } from "../../i18n/i18n";
import { useContractForm } from "../../ui/forms";
import { EventSection } from "./EventSection";
import { EventTabForm } from "./EventTabForm";
import { blankToNull, useNumberInput } from "./event-form";

const socialNetworks = ["facebook", "twitter", "linkedin", "youtube", "instagram"] as const;

/** Name, place, capacity and social links. */
export function EventInfoTab({ event, readOnly }: { event: Event; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const numberInput = useNumberInput();
  // French and Spanish write 48,8566.
  const decimalSeparator = toLanguage(i18n.language) === "en" ? "." : ",";
  const form = useContractForm(eventUpdateBody, {
    name: event.name,
    venueName: event.venueName ?? "",
    address: event.address ?? "",
    country: event.country ?? "",
    latitude: event.latitude,
    longitude: event.longitude,
    maxAttendees: event.maxAttendees,
    maxCompanions: event.maxCompanions,
    socialUrls: Object.fromEntries(socialNetworks.map((network) => [network, event.socialUrls[network] ?? ""])),
  });
  return (
    <EventTabForm
      eventId={event.id}
      form={form}
      readOnly={readOnly}
      prepare={(body) => ({
        ...body,
        venueName: blankToNull(body.venueName),
        address: blankToNull(body.address),
        country: blankToNull(body.country),
      })}
    >
      <EventSection title={t("events.sections.general")}>
        <TextInput label={t("events.fields.name")} withAsterisk {...form.getInputProps("name")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t("events.fields.maxAttendees")}
            description={t("events.fields.maxAttendeesHelp")}
            placeholder={t("common.unlimited")}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...numberInput(form.getInputProps("maxAttendees"), "null")}
          />
          <NumberInput
            label={t("events.fields.maxCompanions")}
            description={t("events.fields.maxCompanionsHelp")}
            min={0}
            max={100}
            allowDecimal={false}
            allowNegative={false}
            withAsterisk
            {...numberInput(form.getInputProps("maxCompanions"), "required")}
          />
        </SimpleGrid>
      </EventSection>
      <EventSection title={t("events.sections.venue")}>
        <TextInput label={t("events.fields.venueName")} {...form.getInputProps("venueName")} />
        <TextInput
          label={t("events.fields.address")}
          autoComplete="street-address"
          {...form.getInputProps("address")}
        />
        <TextInput label={t("events.fields.country")} autoComplete="country-name" {...form.getInputProps("country")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t("events.fields.latitude")}
            description={t("events.fields.latitudeHelp")}
            decimalScale={6}
            decimalSeparator={decimalSeparator}
            min={-90}
            max={90}
            {...numberInput(form.getInputProps("latitude"), "null")}
          />
          <NumberInput
            label={t("events.fields.longitude")}
            description={t("events.fields.longitudeHelp")}
            decimalScale={6}
            decimalSeparator={decimalSeparator}
            min={-180}
            max={180}
            {...numberInput(form.getInputProps("longitude"), "null")}
          />
        </SimpleGrid>
      </EventSection>
      <EventSection title={t("events.sections.social")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {socialNetworks.map((network) => (
            <TextInput
              key={network}
              type="url"
              label={t(`events.fields.social.${network}`)}
              placeholder="https://"
              {...form.getInputProps(`socialUrls.${network}`)}
            />
          ))}
        </SimpleGrid>
      </EventSection>
    </EventTabForm>
  );
}

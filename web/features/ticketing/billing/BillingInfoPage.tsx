import {
  Button,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import {
  type BillingOrganizer,
  type BillingOrganizerInput,
  billingOrganizerBody,
  notSubjectToVatMention,
  siretSchema,
  type VatStatus,
  vatStatuses,
} from "../../../../contract/ticketing-billing";
import { useAlert } from "../../../ui/alert";
import { useContractForm } from "../../../ui/forms";
import { EventSection } from "../../events/EventSection";
import { useReportError } from "../../events/event-form";
import { useBillingOrganizer, useSaveBillingOrganizer } from "./billing.queries";
import { TicketingSettingsFrame } from "./TicketingSettingsFrame";

/** The organizer who sells the tickets, as invoices name them (SPEC §3 Organizer (billing)). */
export function BillingInfoPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const organizer = useBillingOrganizer(eventId);
  return (
    <TicketingSettingsFrame title={t("ticketing.billing.title")} query={organizer}>
      {({ event, data, readOnly }) => (
        <BillingForm key={data.updatedAt ?? "new"} eventId={event.id} organizer={data} readOnly={readOnly} />
      )}
    </TicketingSettingsFrame>
  );
}

const toInput = ({ updatedAt: _updatedAt, ...organizer }: BillingOrganizer) =>
  ({ ...organizer, vatStatus: organizer.vatStatus ?? undefined }) as BillingOrganizerInput;

function BillingForm({
  eventId,
  organizer,
  readOnly,
}: {
  eventId: string;
  organizer: BillingOrganizer;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { clearAlert } = useAlert();
  const form = useContractForm(billingOrganizerBody, toInput(organizer));
  const save = useSaveBillingOrganizer(eventId);
  const report = useReportError(form);
  const values = form.values as BillingOrganizerInput;
  // SPEC §5 "Siret needed before billing info": the rest opens once the Siret holds.
  const siretValid = siretSchema.safeParse(values.siret).success;
  const vatStatus = values.vatStatus as VatStatus | undefined;
  const shareCapital = values.shareCapitalCents;

  const submit = form.onSubmit((body) => {
    clearAlert();
    save.mutate(body, {
      onSuccess: () => notifications.show({ color: "green", message: t("ticketing.billing.saved") }),
      onError: report,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Fieldset variant="unstyled" disabled={readOnly} p={0} m={0}>
        <Stack gap="lg">
          <EventSection title={t("ticketing.billing.siretSection")}>
            <TextInput
              label={t("ticketing.billing.siret")}
              description={t("ticketing.billing.siretHelp")}
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              maw={320}
              {...form.getInputProps("siret")}
            />
            {!siretValid && (
              <Text size="sm" c="gray.7">
                {t("ticketing.billing.siretFirst")}
              </Text>
            )}
          </EventSection>
          <Fieldset variant="unstyled" disabled={!siretValid} p={0} m={0}>
            <Stack gap="lg">
              <EventSection title={t("ticketing.billing.companySection")}>
                <TextInput
                  label={t("ticketing.billing.corporateName")}
                  withAsterisk
                  autoComplete="organization"
                  {...form.getInputProps("corporateName")}
                />
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label={t("ticketing.billing.legalStructure")}
                    description={t("ticketing.billing.legalStructureHelp")}
                    {...form.getInputProps("legalStructure")}
                  />
                  <NumberInput
                    label={t("ticketing.billing.shareCapital")}
                    description={t("ticketing.billing.shareCapitalHelp")}
                    // A French company's share capital is stated in euros, whatever the ticket office sells in.
                    suffix=" €"
                    min={0}
                    decimalScale={2}
                    thousandSeparator=" "
                    allowNegative={false}
                    value={typeof shareCapital === "number" ? shareCapital / 100 : ""}
                    onChange={(value) =>
                      form.setFieldValue(
                        "shareCapitalCents",
                        typeof value === "number" ? Math.round(value * 100) : null,
                      )
                    }
                    error={form.errors.shareCapitalCents}
                  />
                  <TextInput
                    label={t("ticketing.billing.rcsNumber")}
                    description={t("ticketing.billing.rcsNumberHelp")}
                    {...form.getInputProps("rcsNumber")}
                  />
                </SimpleGrid>
              </EventSection>
              <EventSection title={t("ticketing.billing.addressSection")}>
                <TextInput
                  label={t("ticketing.billing.street")}
                  withAsterisk
                  autoComplete="street-address"
                  {...form.getInputProps("street")}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t("ticketing.billing.zipCode")}
                    withAsterisk
                    autoComplete="postal-code"
                    {...form.getInputProps("zipCode")}
                  />
                  <TextInput
                    label={t("ticketing.billing.city")}
                    withAsterisk
                    autoComplete="address-level2"
                    {...form.getInputProps("city")}
                  />
                </SimpleGrid>
              </EventSection>
              <EventSection title={t("ticketing.billing.vatSection")}>
                <Radio.Group label={t("ticketing.billing.vatStatus")} withAsterisk {...form.getInputProps("vatStatus")}>
                  <Stack gap="xs" mt="xs">
                    {vatStatuses.map((status) => (
                      <Radio
                        key={status}
                        value={status}
                        label={t(`ticketing.billing.vatStatuses.${status}`)}
                        description={status === "not_subject" ? notSubjectToVatMention : undefined}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
                {(vatStatus === "subject" || vatStatus === "margin") && (
                  <TextInput
                    label={t("ticketing.billing.vatNumber")}
                    description={t("ticketing.billing.vatNumberHelp")}
                    withAsterisk={vatStatus === "subject"}
                    maw={320}
                    {...form.getInputProps("vatNumber")}
                    value={(values.vatNumber as string | null) ?? ""}
                  />
                )}
                <Textarea
                  label={t("ticketing.billing.legalMentions")}
                  description={t("ticketing.billing.legalMentionsHelp")}
                  autosize
                  minRows={2}
                  maxRows={8}
                  {...form.getInputProps("legalMentions")}
                />
              </EventSection>
            </Stack>
          </Fieldset>
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t("common.save")}
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>
    </form>
  );
}

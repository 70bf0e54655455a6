import { Button, Fieldset, Group, Stack, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { z } from "zod";
import type { Language } from "../../../../contract/common";
import { translate } from "../../../../contract/error-messages";
import type { Event } from "../../../../contract/events";
import {
  otherPaymentMethodKinds,
  otherPaymentMethodsSchema,
  type TicketingParams,
  ticketingParamsViolations,
} from "../../../../contract/ticketing-billing";
import { toLanguage } from "../../../i18n/i18n";
import { useAlert } from "../../../ui/alert";
import { useContractForm } from "../../../ui/forms";
import { EventSection } from "../../events/EventSection";
import { useReportError } from "../../events/event-form";
import { LocalizedInput } from "../../forms/builder/LocalizedInput";
import { useSaveTicketingParams, useTicketingParams } from "./billing.queries";
import { TicketingSettingsFrame } from "./TicketingSettingsFrame";

/** Payment methods other than the card (bank transfer, cheque): the organizer confirms those orders by hand. */
export function PaymentMethodsPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const params = useTicketingParams(eventId);
  return (
    <TicketingSettingsFrame title={t("ticketing.params.paymentMethods.title")} query={params}>
      {({ event, data, readOnly }) => (
        <PaymentMethodsForm key={data.updatedAt ?? "new"} event={event} params={data} readOnly={readOnly} />
      )}
    </TicketingSettingsFrame>
  );
}

const methodsForm = z.object({ otherPaymentMethods: otherPaymentMethodsSchema });

function PaymentMethodsForm({ event, params, readOnly }: { event: Event; params: TicketingParams; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const { clearAlert } = useAlert();
  const form = useContractForm(methodsForm, { otherPaymentMethods: params.otherPaymentMethods });
  const save = useSaveTicketingParams(event.id);
  const report = useReportError(form);
  // The event's default language first: its instructions are the ones required.
  const textLanguages = [
    event.preferredLanguage,
    ...event.languages.filter((language) => language !== event.preferredLanguage),
  ] as Language[];

  const submit = form.onSubmit((body) => {
    clearAlert();
    // The server's rule, checked here first so the missing instructions are pointed at before any call.
    const violations = ticketingParamsViolations({ ...params, ...body }, event.preferredLanguage);
    if (violations.length > 0) {
      const language = toLanguage(i18n.language);
      form.setErrors(
        Object.fromEntries(violations.map(({ path, message }) => [path, translate(message.code, language)])),
      );
      return;
    }
    save.mutate(body, {
      onSuccess: () => notifications.show({ color: "green", message: t("common.saved") }),
      onError: report,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Fieldset variant="unstyled" disabled={readOnly} p={0} m={0}>
        <Stack gap="lg">
          <Text>{t("ticketing.params.paymentMethods.help")}</Text>
          {otherPaymentMethodKinds.map((kind) => {
            const path = `otherPaymentMethods.${kind}` as const;
            const method = form.values.otherPaymentMethods[kind];
            return (
              <EventSection key={kind} title={t(`ticketing.params.paymentMethods.${kind}`)}>
                <Switch
                  label={t(`ticketing.params.paymentMethods.accept.${kind}`)}
                  {...form.getInputProps(`${path}.enabled`, { type: "checkbox" })}
                />
                {method.enabled &&
                  textLanguages.map((language) => (
                    <LocalizedInput
                      key={language}
                      label={t("ticketing.params.paymentMethods.instructions")}
                      language={language}
                      multiline
                      required={language === event.preferredLanguage}
                      value={method.instructions}
                      error={form.errors[`${path}.instructions.${language}`] as string | undefined}
                      onChange={(instructions) => form.setFieldValue(`${path}.instructions`, instructions)}
                    />
                  ))}
              </EventSection>
            );
          })}
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

import { Badge, Button, FileInput, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { translate } from "../../../../contract/error-messages";
import {
  currencies,
  type PaymentMode,
  reservationMinutesRange,
  salesTermsMaxBytes,
  type TicketingParams,
  ticketingParamsValues,
} from "../../../../contract/ticketing-billing";
import { toLanguage } from "../../../i18n/i18n";
import { useAdminContext } from "../../../ui/admin-context";
import { useAlert } from "../../../ui/alert";
import { useContractForm } from "../../../ui/forms";
import { EventSection } from "../../events/EventSection";
import { useNumberInput, useReportError } from "../../events/event-form";
import { formatFileSize } from "../../forms/renderer/file-size";
import {
  ticketingBillingApi,
  useSaveTicketingParams,
  useTicketingParams,
  useUploadSalesTerms,
} from "./billing.queries";
import { TicketingSettingsFrame } from "./TicketingSettingsFrame";

/** Test mode is a state organizers must never miss: buyers' cards are not charged. */
export function PaymentModeBadge({ mode }: { mode: PaymentMode }) {
  const { t } = useTranslation();
  return (
    <Badge size="lg" variant="filled" color={mode === "test" ? "yellow.4" : "green.9"} autoContrast>
      {t(`ticketing.params.modes.${mode}`)}
    </Badge>
  );
}

/** Currency, reservation time, test or live payments, and the terms of sale. */
export function TicketingParamsPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const params = useTicketingParams(eventId);
  return (
    <TicketingSettingsFrame
      title={t("ticketing.params.title")}
      query={params}
      aside={(data) => <PaymentModeBadge mode={data.paymentMode} />}
    >
      {({ event, data, readOnly }) => (
        <>
          <ParamsForm key={data.updatedAt ?? "new"} eventId={event.id} params={data} readOnly={readOnly} />
          <TermsSection eventId={event.id} params={data} readOnly={readOnly} />
        </>
      )}
    </TicketingSettingsFrame>
  );
}

const generalFields = ticketingParamsValues.pick({ currency: true, reservationMinutes: true, paymentMode: true });

function ParamsForm({ eventId, params, readOnly }: { eventId: string; params: TicketingParams; readOnly: boolean }) {
  const { t } = useTranslation();
  const { clearAlert } = useAlert();
  const numberInput = useNumberInput();
  const form = useContractForm(generalFields, {
    currency: params.currency,
    reservationMinutes: params.reservationMinutes,
    paymentMode: params.paymentMode,
  });
  const save = useSaveTicketingParams(eventId);
  const report = useReportError(form);
  const live = form.values.paymentMode === "live";
  const submit = form.onSubmit((body) => {
    clearAlert();
    save.mutate(body, {
      onSuccess: () => notifications.show({ color: "green", message: t("common.saved") }),
      onError: report,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <EventSection title={t("ticketing.params.generalSection")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t("ticketing.params.currency")}
            description={t("ticketing.params.currencyHelp")}
            data={currencies.map((code) => ({ value: code, label: code }))}
            searchable
            allowDeselect={false}
            disabled={readOnly}
            {...form.getInputProps("currency")}
          />
          <NumberInput
            label={t("ticketing.params.reservationMinutes")}
            description={t("ticketing.params.reservationMinutesHelp", reservationMinutesRange)}
            withAsterisk
            min={reservationMinutesRange.min}
            max={reservationMinutesRange.max}
            allowDecimal={false}
            allowNegative={false}
            disabled={readOnly}
            {...numberInput(form.getInputProps("reservationMinutes"), "required")}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Switch
            label={t("ticketing.params.liveMode")}
            description={t(live ? "ticketing.params.liveModeOn" : "ticketing.params.liveModeOff")}
            checked={live}
            disabled={readOnly || (!params.liveModeAvailable && !live)}
            onChange={(event) => form.setFieldValue("paymentMode", event.currentTarget.checked ? "live" : "test")}
            error={form.errors.paymentMode}
          />
          {!params.liveModeAvailable && (
            <Text size="sm" c="gray.7">
              {t("ticketing.params.liveModeUnavailable")}
            </Text>
          )}
        </Stack>
        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t("common.save")}
            </Button>
          </Group>
        )}
      </EventSection>
    </form>
  );
}

/** The terms of sale PDF buyers accept before paying (SPEC §5). */
function TermsSection({ eventId, params, readOnly }: { eventId: string; params: TicketingParams; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const { accountId } = useAdminContext();
  const upload = useUploadSalesTerms(eventId);
  const [error, setError] = useState<string | null>(null);
  const send = (file: File | null) => {
    setError(null);
    if (!file) return;
    // The server refuses it too (SPEC §9): saying so here spares a 15 MB upload.
    if (file.size > salesTermsMaxBytes) return setError(translate("FILE_TOO_BIG", toLanguage(i18n.language)));
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: "green", message: t("ticketing.params.termsUploaded") }),
      onError: (failure) => setError(failure.message),
    });
  };
  const view = async () => {
    const blob = await ticketingBillingApi.terms({ params: { account: accountId, event: eventId } });
    window.open(URL.createObjectURL(blob), "_blank", "noopener");
  };

  return (
    <EventSection title={t("ticketing.params.termsSection")}>
      <Text size="sm">{t("ticketing.params.termsHelp")}</Text>
      {params.terms ? (
        <Group gap="sm">
          <Text size="sm" fw={600}>
            {t("ticketing.params.termsCurrent", {
              name: params.terms.name,
              size: formatFileSize(params.terms.size, i18n.language),
            })}
          </Text>
          <Button variant="light" size="xs" onClick={() => void view()}>
            {t("ticketing.params.termsView")}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="gray.7">
          {t("ticketing.params.noTerms")}
        </Text>
      )}
      {!readOnly && (
        <FileInput
          label={t(params.terms ? "ticketing.params.termsReplace" : "ticketing.params.termsUpload")}
          description={t("ticketing.params.termsLimit")}
          placeholder={t("ticketing.params.termsPick")}
          accept="application/pdf"
          value={null}
          onChange={send}
          error={error}
          disabled={upload.isPending}
          maw={420}
        />
      )}
    </EventSection>
  );
}

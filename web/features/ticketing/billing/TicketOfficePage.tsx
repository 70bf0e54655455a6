import { Alert, Anchor, Badge, Button, Group, List, SimpleGrid, Text } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { translate } from "../../../../contract/error-messages";
import type { Event } from "../../../../contract/events";
import {
  type SalesBlocker,
  salesBlockerMessages,
  salesBlockers,
  type TicketingParams,
  type TicketOfficeState,
  ticketOfficeState,
} from "../../../../contract/ticketing-billing";
import { ApiError } from "../../../api/client";
import { toLanguage } from "../../../i18n/i18n";
import { useAlert } from "../../../ui/alert";
import { useAdminPath } from "../../../ui/language-scope";
import { EventSection } from "../../events/EventSection";
import { dateTimePickerLabels, fromWallTime, toWallTime } from "../../events/event-dates";
import { useSaveTicketingParams, useTicketingParams } from "./billing.queries";
import { TicketingSettingsFrame } from "./TicketingSettingsFrame";

const stateColors: Record<TicketOfficeState, string> = {
  open: "green",
  closed: "gray",
  not_yet_open: "blue",
  ended: "gray",
};

/** Where each missing requirement is fixed. */
const blockerPaths: Record<SalesBlocker, string> = {
  billingInfo: "ticketing/billing",
  activeTicket: "ticketing/tickets",
  registrationForm: "forms",
};

/** SPEC §2 "ticketing start and stop": the office's state, what sales still need, opening, closing and sales dates. */
export function TicketOfficePage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const params = useTicketingParams(eventId);
  return (
    <TicketingSettingsFrame
      title={t("ticketing.office.title")}
      query={params}
      aside={(data) => <OfficeStateBadge params={data} />}
    >
      {({ event, data, readOnly }) => (
        <>
          <OfficeSection event={event} params={data} readOnly={readOnly} />
          <SalesDatesSection key={data.updatedAt ?? "new"} event={event} params={data} readOnly={readOnly} />
        </>
      )}
    </TicketingSettingsFrame>
  );
}

function OfficeStateBadge({ params }: { params: TicketingParams }) {
  const { t } = useTranslation();
  const state = ticketOfficeState(params, new Date(), salesBlockers(params.readiness));
  return (
    <Badge size="lg" variant="filled" color={stateColors[state]}>
      {t(`ticketing.office.states.${state}`)}
    </Badge>
  );
}

function OfficeSection({ event, params, readOnly }: { event: Event; params: TicketingParams; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const adminPath = useAdminPath();
  const { showAlert, clearAlert } = useAlert();
  const save = useSaveTicketingParams(event.id);
  const language = toLanguage(i18n.language);
  const blockers = salesBlockers(params.readiness);
  const state = ticketOfficeState(params, new Date(), blockers);

  const setOpen = (officeOpen: boolean) => {
    clearAlert();
    save.mutate(
      { officeOpen },
      {
        onSuccess: () =>
          notifications.show({
            color: "green",
            message: t(officeOpen ? "ticketing.office.opened" : "ticketing.office.closed"),
          }),
        onError: (error) => {
          // A refusal names each missing requirement: the banner lists them under the rule.
          const missing = error instanceof ApiError ? Object.values(error.fields) : [];
          showAlert([error.message, ...missing].join(" "));
        },
      },
    );
  };

  return (
    <EventSection title={t("ticketing.office.stateSection")}>
      <Text>{t(`ticketing.office.stateText.${state}`)}</Text>
      {blockers.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          title={translate("TICKETING_OFFICE_BLOCKED", language)}
          // Yellow's own title color is too pale on its light background (WCAG AA).
          styles={{ title: { color: "var(--mantine-color-dark-8)" } }}
        >
          <List size="sm" spacing={4}>
            {blockers.map((blocker) => (
              <List.Item key={blocker}>
                <Group gap="xs">
                  <Text size="sm" c="dark.8">
                    {translate(salesBlockerMessages[blocker], language)}
                  </Text>
                  <Anchor
                    component={Link}
                    to={adminPath(`/events/${event.id}/${blockerPaths[blocker]}`)}
                    size="sm"
                    c="blue.9"
                  >
                    {t(`ticketing.office.fix.${blocker}`)}
                  </Anchor>
                </Group>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {!readOnly && (
        <Group>
          {params.officeOpen ? (
            <Button color="red.8" onClick={() => setOpen(false)} loading={save.isPending}>
              {t("ticketing.office.close")}
            </Button>
          ) : (
            <Button onClick={() => setOpen(true)} loading={save.isPending}>
              {t("ticketing.office.open")}
            </Button>
          )}
        </Group>
      )}
    </EventSection>
  );
}

/** Optional sales dates, chosen in the event's time zone and sent as UTC instants. */
function SalesDatesSection({ event, params, readOnly }: { event: Event; params: TicketingParams; readOnly: boolean }) {
  const { t } = useTranslation();
  const { clearAlert, showAlert } = useAlert();
  const save = useSaveTicketingParams(event.id);
  const zone = event.timezone;
  const [dates, setDates] = useState({ salesStartAt: params.salesStartAt, salesEndAt: params.salesEndAt });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pickerProps = { ...dateTimePickerLabels(t), disabled: readOnly };
  const field = (name: keyof typeof dates) => ({
    value: dates[name] ? toWallTime(dates[name], zone) : null,
    onChange: (value: string | null) => setDates({ ...dates, [name]: value ? fromWallTime(value, zone) : null }),
    error: errors[name],
  });
  const submit = () => {
    clearAlert();
    setErrors({});
    save.mutate(dates, {
      onSuccess: () => notifications.show({ color: "green", message: t("common.saved") }),
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
        else showAlert(error.message);
      },
    });
  };

  return (
    <EventSection title={t("ticketing.office.datesSection")}>
      <Text size="sm">{t("ticketing.office.datesHelp", { zone })}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateTimePicker label={t("ticketing.office.salesStartAt")} {...pickerProps} {...field("salesStartAt")} />
        <DateTimePicker label={t("ticketing.office.salesEndAt")} {...pickerProps} {...field("salesEndAt")} />
      </SimpleGrid>
      {!readOnly && (
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            {t("ticketing.office.saveDates")}
          </Button>
        </Group>
      )}
    </EventSection>
  );
}

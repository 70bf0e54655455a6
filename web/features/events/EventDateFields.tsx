import { Select, SimpleGrid, Stack, Switch } from "@mantine/core";
import { DatePickerInput, DateTimePicker } from "@mantine/dates";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translate } from "../../../contract/error-messages";
import { toLanguage } from "../../i18n/i18n";
import { browserTimeZone, fromWallTime, timeZoneOptions, toWallTime } from "./event-dates";

export type EventDateValues = {
  startsAt?: string;
  endsAt?: string | null;
  allDay?: boolean;
  timezone?: string;
  registrationClosesAt?: string | null;
};

type Props = {
  values: EventDateValues;
  errors: Record<string, ReactNode>;
  onChange(patch: EventDateValues): void;
};

const dayStart = "00:00:00";
const dayEnd = "23:59:59";
/*
 * The time a date picked alone gets: midnight ("12:00 AM") is when no event starts. Given only while the field is
 * empty, since Mantine's picker puts it in its time input in place of the value's own time.
 */
const usualStart = "09:00";
const usualEnd = "18:00";
const datePart = (wall: string) => wall.slice(0, 10);

/**
 * Start, end, all-day, time zone and registration closing of an event, shown in the event's own zone. Changing the
 * zone keeps the times the organizer typed (19:00 stays 19:00) rather than the instants.
 */
export function EventDateFields({ values, errors, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const zone = values.timezone || browserTimeZone();
  const wall = (instant: string | null | undefined) => (instant ? toWallTime(instant, zone) : null);
  const instant = (value: string | null, time?: string) =>
    value ? fromWallTime(time ? `${datePart(value)} ${time}` : value, zone) : null;

  const changeZone = (next: string | null) => {
    if (!next) return;
    const move = (value: string | null | undefined) => (value ? fromWallTime(toWallTime(value, zone), next) : value);
    onChange({
      timezone: next,
      startsAt: move(values.startsAt) ?? values.startsAt,
      endsAt: move(values.endsAt),
      registrationClosesAt: move(values.registrationClosesAt),
    });
  };
  const changeAllDay = (allDay: boolean) => {
    const start = wall(values.startsAt);
    const end = wall(values.endsAt);
    onChange({
      allDay,
      ...(allDay && start ? { startsAt: instant(start, dayStart) ?? undefined } : {}),
      ...(allDay && end ? { endsAt: instant(end, dayEnd) } : {}),
    });
  };

  // An empty start would read "Date format is incorrect": say what is actually wrong.
  const startError =
    errors.startsAt && !values.startsAt ? translate("FIELD_REQUIRED", toLanguage(i18n.language)) : errors.startsAt;
  const start = wall(values.startsAt);
  const end = wall(values.endsAt);
  // Mantine leaves the calendar arrows, time fields and confirm button without names: give them one.
  const calendarLabels = { previousLabel: t("common.previous"), nextLabel: t("common.next") };
  const timeLabels = {
    ...calendarLabels,
    valueFormat: "D MMM YYYY HH:mm",
    timePickerProps: { hoursInputLabel: t("events.fields.hours"), minutesInputLabel: t("events.fields.minutes") },
    submitButtonProps: { "aria-label": t("common.confirm") },
  };
  const dayLabels = { ...calendarLabels, valueFormat: "D MMM YYYY" };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t("events.fields.timezone")}
          data={timeZoneOptions([zone, browserTimeZone()])}
          value={zone}
          onChange={changeZone}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t("events.fields.timezoneNotFound")}
          error={errors.timezone}
        />
        <Switch
          label={t("events.fields.allDay")}
          checked={values.allDay ?? false}
          onChange={(event) => changeAllDay(event.currentTarget.checked)}
          mt={{ base: 0, sm: 32 }}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {values.allDay ? (
          <>
            <DatePickerInput
              label={t("events.fields.startDate")}
              withAsterisk
              {...dayLabels}
              value={start ? datePart(start) : null}
              onChange={(value) => onChange({ startsAt: instant(value, dayStart) ?? "" })}
              error={startError}
            />
            <DatePickerInput
              label={t("events.fields.endDate")}
              description={t("events.fields.endHelp")}
              clearable
              {...dayLabels}
              minDate={start ? datePart(start) : undefined}
              value={end ? datePart(end) : null}
              onChange={(value) => onChange({ endsAt: instant(value, dayEnd) })}
              error={errors.endsAt}
            />
          </>
        ) : (
          <>
            <DateTimePicker
              label={t("events.fields.startsAt")}
              withAsterisk
              {...timeLabels}
              value={start}
              defaultTimeValue={start ? undefined : usualStart}
              onChange={(value) => onChange({ startsAt: instant(value) ?? "" })}
              error={startError}
            />
            <DateTimePicker
              label={t("events.fields.endsAt")}
              description={t("events.fields.endHelp")}
              clearable
              {...timeLabels}
              minDate={start ? datePart(start) : undefined}
              value={end}
              defaultTimeValue={end ? undefined : usualEnd}
              onChange={(value) => onChange({ endsAt: instant(value) })}
              error={errors.endsAt}
            />
          </>
        )}
      </SimpleGrid>
      <DateTimePicker
        label={t("events.fields.registrationClosesAt")}
        description={t("events.fields.registrationClosesHelp")}
        clearable
        {...timeLabels}
        value={wall(values.registrationClosesAt)}
        defaultTimeValue={values.registrationClosesAt ? undefined : usualStart}
        onChange={(value) => onChange({ registrationClosesAt: instant(value) })}
        error={errors.registrationClosesAt}
        maw={{ sm: "calc(50% - var(--mantine-spacing-md) / 2)" }}
      />
    </Stack>
  );
}

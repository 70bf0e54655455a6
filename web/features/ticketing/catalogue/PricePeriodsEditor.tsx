import { Button, Card, Group, Input, SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { type PriceBasis, type PricePeriodBody, periodPrices } from "../../../../contract/ticketing-catalogue";
import { formatCents } from "../../../ui/money";
import { dateTimePickerLabels, fromWallTime, toWallTime } from "../../events/event-dates";
import { MoneyInput, useEventCurrency } from "./MoneyInput";

type Props = {
  periods: PricePeriodBody[];
  taxPercent: number | null;
  /** The event's time zone: dates are typed and shown in it. */
  zone: string;
  errorOf(path: string): ReactNode;
  onChange(periods: PricePeriodBody[]): void;
};

export const openPeriod: PricePeriodBody = { startsAt: null, endsAt: null, priceCents: 0, priceBasis: "incl" };

/**
 * A ticket's price periods. The organizer types the price after or before taxes; the other shows as they type,
 * computed by the contract's function the server uses, so what is shown is what is saved.
 */
export function PricePeriodsEditor({ periods, taxPercent, zone, errorOf, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const currency = useEventCurrency();
  // Periods have no id while edited: these keys follow them through additions and removals.
  const [keys, setKeys] = useState(() => periods.map(() => crypto.randomUUID()));
  const change = (index: number, patch: Partial<PricePeriodBody>) =>
    onChange(periods.map((period, at) => (at === index ? { ...period, ...patch } : period)));
  const add = () => {
    setKeys([...keys, crypto.randomUUID()]);
    onChange([...periods, openPeriod]);
  };
  const remove = (index: number) => {
    setKeys(keys.filter((_, at) => at !== index));
    onChange(periods.filter((_, at) => at !== index));
  };
  const wall = (instant: string | null) => (instant ? toWallTime(instant, zone) : null);
  const instant = (value: string | null) => (value ? fromWallTime(value, zone) : null);
  const dateLabels = dateTimePickerLabels(t);
  const other = (period: PricePeriodBody) => {
    if (taxPercent === null) return t("ticketing.catalogue.periods.noVat");
    const prices = periodPrices(period, taxPercent);
    return period.priceBasis === "incl"
      ? t("ticketing.catalogue.periods.computedExcl", {
          price: formatCents(prices.priceExclTaxCents, i18n.language, currency),
        })
      : t("ticketing.catalogue.periods.computedIncl", {
          price: formatCents(prices.priceInclTaxCents, i18n.language, currency),
        });
  };

  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600}>
        {t("ticketing.catalogue.periods.title")}
      </Text>
      <Text size="sm" c="gray.7">
        {t("ticketing.catalogue.periods.help", { zone })}
      </Text>
      {periods.map((period, index) => {
        const number = index + 1;
        return (
          <Card
            key={keys[index] ?? index}
            withBorder
            padding="sm"
            radius="md"
            component="section"
            aria-label={t("ticketing.catalogue.periods.period", { number })}
          >
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600} size="sm">
                  {t("ticketing.catalogue.periods.period", { number })}
                </Text>
                {periods.length > 1 && (
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => remove(index)}>
                    {t("ticketing.catalogue.periods.remove", { number })}
                  </Button>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DateTimePicker
                  {...dateLabels}
                  label={t("ticketing.catalogue.periods.startsAt")}
                  placeholder={t("ticketing.catalogue.periods.noStart")}
                  value={wall(period.startsAt)}
                  onChange={(value) => change(index, { startsAt: instant(value) })}
                  error={errorOf(`pricePeriods.${index}.startsAt`)}
                />
                <DateTimePicker
                  {...dateLabels}
                  label={t("ticketing.catalogue.periods.endsAt")}
                  placeholder={t("ticketing.catalogue.periods.noEnd")}
                  value={wall(period.endsAt)}
                  onChange={(value) => change(index, { endsAt: instant(value) })}
                  error={errorOf(`pricePeriods.${index}.endsAt`)}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Input.Wrapper
                  label={t("ticketing.catalogue.periods.basis")}
                  labelProps={{ id: `${keys[index]}-basis` }}
                >
                  <SegmentedControl
                    display="flex"
                    aria-labelledby={`${keys[index]}-basis`}
                    value={period.priceBasis}
                    onChange={(value) => change(index, { priceBasis: value as PriceBasis })}
                    data={[
                      { value: "incl", label: t("ticketing.catalogue.periods.incl") },
                      { value: "excl", label: t("ticketing.catalogue.periods.excl") },
                    ]}
                  />
                </Input.Wrapper>
                <MoneyInput
                  label={t(
                    period.priceBasis === "incl"
                      ? "ticketing.catalogue.periods.priceIncl"
                      : "ticketing.catalogue.periods.priceExcl",
                  )}
                  withAsterisk
                  currency={currency}
                  value={period.priceCents}
                  onChange={(cents) => change(index, { priceCents: cents ?? 0 })}
                  error={errorOf(`pricePeriods.${index}.priceCents`)}
                />
              </SimpleGrid>
              <Text size="sm" c="gray.8" aria-live="polite">
                {other(period)}
              </Text>
            </Stack>
          </Card>
        );
      })}
      {errorOf("pricePeriods") && (
        <Text size="sm" c="red.8" role="alert">
          {errorOf("pricePeriods")}
        </Text>
      )}
      <Button variant="light" style={{ alignSelf: "flex-start" }} onClick={add}>
        {t("ticketing.catalogue.periods.add")}
      </Button>
    </Stack>
  );
}

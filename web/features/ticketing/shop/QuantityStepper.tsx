import { ActionIcon, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

type Props = {
  /** What is counted, for the buttons' names ("Add one Pass"). */
  name: string;
  value: number;
  max: number;
  onChange(value: number): void;
  /** Ids of the texts that describe the count (price, units left, an error). */
  describedBy?: string;
};

/**
 * A count with − and + buttons of a thumb's size (44 px, WCAG 2.5.5); the count is announced as it changes. Buttons,
 * not a number field: on a phone a tap beats opening the keyboard, and the limits cannot be typed past.
 */
export function QuantityStepper({ name, value, max, onChange, describedBy }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={t("ticketing.shop.quantity.of", { name })}>
      <ActionIcon
        size={44}
        variant="default"
        aria-label={t("ticketing.shop.quantity.remove", { name })}
        aria-describedby={describedBy}
        disabled={value <= 0}
        onClick={() => onChange(value - 1)}
      >
        <span aria-hidden="true" style={{ fontSize: 22 }}>
          −
        </span>
      </ActionIcon>
      <Text component="output" aria-live="polite" fw={700} w={32} ta="center" size="lg">
        {value}
      </Text>
      <ActionIcon
        size={44}
        variant="filled"
        aria-label={t("ticketing.shop.quantity.add", { name })}
        aria-describedby={describedBy}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        <span aria-hidden="true" style={{ fontSize: 22 }}>
          +
        </span>
      </ActionIcon>
    </Group>
  );
}

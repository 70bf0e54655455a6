import { Alert, Text, VisuallyHidden } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** Minutes left at which a screen reader is told how long remains; every second would drown the page. */
const announcedMinutes = [5, 1];

const secondsLeft = (until: string) => Math.max(0, Math.ceil((Date.parse(until) - Date.now()) / 1000));

/**
 * How long the cart still holds its tickets (the cart's `reservedUntil`), counted down by the second. At zero the
 * server has let the units go (or will at the next call), so the page is told at once rather than at the next click.
 */
export function ReservationTimer({ reservedUntil, onExpired }: { reservedUntil: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(() => secondsLeft(reservedUntil));
  const expired = useRef(onExpired);
  expired.current = onExpired;

  useEffect(() => {
    setLeft(secondsLeft(reservedUntil));
    const timer = window.setInterval(() => {
      const next = secondsLeft(reservedUntil);
      setLeft(next);
      if (next === 0) {
        window.clearInterval(timer);
        expired.current();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [reservedUntil]);

  const minutes = Math.floor(left / 60);
  const clock = `${minutes}:${String(left % 60).padStart(2, "0")}`;
  const announced = announcedMinutes.find((limit) => left <= limit * 60 && left > limit * 60 - 60);
  return (
    <Alert color={left <= 60 ? "orange" : "blue"} p="sm" variant="light">
      <Text size="sm" fw={600} c={left <= 60 ? "orange.9" : "blue.9"}>
        {t("ticketing.shop.reservation.heldFor")}{" "}
        <span role="timer" aria-live="off" style={{ fontVariantNumeric: "tabular-nums" }}>
          {clock}
        </span>
      </Text>
      <VisuallyHidden aria-live="polite">
        {announced ? t("ticketing.shop.reservation.minutesLeft", { count: announced }) : ""}
      </VisuallyHidden>
    </Alert>
  );
}

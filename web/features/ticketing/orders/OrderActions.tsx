import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { canTransition, type Order } from "../../../../contract/ticketing-orders";
import { useAdminContext } from "../../../ui/admin-context";
import { useAlert } from "../../../ui/alert";
import { type OrderChange, useOrderChange } from "./orders.queries";
import { RefundModal } from "./RefundModal";

/** The actions asked before they are done: each moves money or ends the order. */
type Confirmable = "cancel" | "confirm" | "await" | "refundAll";

/**
 * The organizer's actions on an order (SPEC §4): each offered only when the transition table allows it in the order's
 * state, and only to those who may edit the event (SPEC §6: readers see none).
 */
export function OrderActions({ eventId, order }: { eventId: string; order: Order }) {
  const { t } = useTranslation();
  const { can } = useAdminContext();
  const { showAlert, clearAlert } = useAlert();
  const change = useOrderChange(eventId, order.id);
  const [asking, setAsking] = useState<Confirmable | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [refundError, setRefundError] = useState<string | null>(null);
  if (!can("events.update")) return null;

  const run = (variables: OrderChange, done: string) => {
    clearAlert();
    change.mutate(variables, {
      onSuccess: () => notifications.show({ color: "green", message: t(`ticketing.orders.actions.${done}`) }),
      onError: (error) => showAlert(error.message),
      onSettled: () => setAsking(null),
    });
  };
  const refundItems = (items: string[]) => {
    setRefundError(null);
    change.mutate(
      { action: "refund", items },
      {
        onSuccess: () => {
          setRefunding(false);
          notifications.show({ color: "green", message: t("ticketing.orders.actions.refunded") });
        },
        // The modal stays open on its items: the refusal shows there, where the organizer fixes the choice.
        onError: (error) => setRefundError(error.message),
      },
    );
  };
  const confirmed: Record<Confirmable, () => void> = {
    cancel: () => run({ action: "cancel" }, "cancelled"),
    confirm: () => run({ action: "confirm" }, "confirmed"),
    await: () => run({ action: "await" }, "awaiting"),
    refundAll: () => run({ action: "refund" }, "refunded"),
  };
  const refundable = canTransition("refund", order.status);
  const buttons: { key: Confirmable | "refundSome"; shown: boolean; color?: string; variant: string }[] = [
    { key: "confirm", shown: canTransition("confirm", order.status), variant: "filled" },
    { key: "await", shown: canTransition("await", order.status), variant: "default" },
    { key: "refundSome", shown: refundable, variant: "default" },
    { key: "refundAll", shown: refundable, color: "red", variant: "light" },
    { key: "cancel", shown: canTransition("cancel", order.status), color: "red", variant: "light" },
  ];
  if (!buttons.some((button) => button.shown)) return null;

  return (
    <>
      <Group gap="sm" role="group" aria-label={t("ticketing.orders.actions.label")}>
        {buttons
          .filter((button) => button.shown)
          .map(({ key, color, variant }) => (
            <Button
              key={key}
              color={color}
              variant={variant}
              onClick={() => {
                if (key !== "refundSome") return setAsking(key);
                setRefundError(null);
                setRefunding(true);
              }}
            >
              {t(`ticketing.orders.actions.${key}`)}
            </Button>
          ))}
      </Group>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking && t(`ticketing.orders.actions.${asking}`)}
      >
        <Stack>
          <Text>{asking && t(`ticketing.orders.actions.${asking}Text`)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t("common.cancel")}
            </Button>
            <Button
              color={asking === "cancel" || asking === "refundAll" ? "red" : undefined}
              loading={change.isPending}
              onClick={() => asking && confirmed[asking]()}
            >
              {t("common.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {refunding && (
        <RefundModal
          order={order}
          pending={change.isPending}
          error={refundError}
          onRefund={refundItems}
          onClose={() => setRefunding(false)}
        />
      )}
    </>
  );
}

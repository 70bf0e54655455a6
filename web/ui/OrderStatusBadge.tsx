import { Badge, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CancelReason, OrderStatus } from "../../contract/ticketing";

/** Colours chosen so each badge keeps AA contrast with the light variant's dark text. */
const orderStatusColors: Record<OrderStatus, string> = {
  in_cart: "gray",
  awaiting_payment: "yellow",
  completed: "green",
  refunded: "red",
  partially_refunded: "orange",
  cancelled: "gray",
};

// A badge cut to "Partially refu…" says nothing: a long state wraps onto two lines in a narrow column instead, and the
// TEST mark goes under it.
const noShrink = { flexShrink: 0 };
const wrapping = { root: { height: "auto", paddingBlock: 2 }, label: { whiteSpace: "normal", overflow: "visible" } };

/**
 * An order's state (SPEC §4), and the TEST mark of an order paid in test mode (left out of revenue). A cart its buyer
 * abandoned (expired, or replaced by the buyer's next cart) says so: it was never an order the organizer cancelled.
 */
export function OrderStatusBadge({
  status,
  testMode,
  cancelReason = null,
}: {
  status: OrderStatus;
  testMode: boolean;
  cancelReason?: CancelReason | null;
}) {
  const { t } = useTranslation();
  const color = orderStatusColors[status];
  const abandoned = status === "cancelled" && (cancelReason === "expired" || cancelReason === "replaced");
  return (
    <Group gap={4}>
      <Badge variant="light" color={color} tt="none" style={noShrink} styles={wrapping}>
        {abandoned ? t(`ticketing.orders.abandonedCart.${cancelReason}`) : t(`ticketing.orders.status.${status}`)}
      </Badge>
      {testMode && <TestBadge />}
    </Group>
  );
}

export function TestBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color="violet" c="violet.9" tt="none" style={noShrink}>
      {t("ticketing.orders.test")}
    </Badge>
  );
}

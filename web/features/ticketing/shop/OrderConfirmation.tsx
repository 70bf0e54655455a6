import routeTable from "virtual:endpoint-routes";
import { Alert, Anchor, Badge, Button, Group, List, Loader, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { endpointPath } from "../../../../contract/endpoint";
import type { PublicTicketing } from "../../../../contract/ticketing-billing";
import type { Cart } from "../../../../contract/ticketing-orders";
import { CartSummary } from "./CartSummary";
import { useMoney } from "./money";

const { cartDocumentPdf, cartTicketsPdf } = routeTable.invoicesEndpoints.endpoints;

type Props = {
  slug: string;
  cart: Cart;
  office: PublicTicketing | undefined;
  onBuyMore(): void;
};

/**
 * After the checkout: the order confirmed (with its tickets and invoice to download once issued), or awaiting a bank
 * transfer or cheque (with the organizer's instructions), or, for a moment, a card payment being confirmed.
 */
export function OrderConfirmation({ slug, cart, office, onBuyMore }: Props) {
  const { t } = useTranslation();
  const money = useMoney(cart.currency);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the buyer was at the bottom of is gone: bring them to the news.
  useEffect(() => {
    window.scrollTo?.(0, 0);
    heading.current?.focus();
  }, []);
  const paid = cart.status === "completed";
  const awaiting = cart.status === "awaiting_payment";
  const instructions = office?.otherPaymentMethods.find(
    (method) => method.kind === cart.otherPaymentKind,
  )?.instructions;
  // Plain links, opened by the browser: the cart's token in the path is all a buyer's download needs.
  const cartParams = { slug, token: cart.token };
  const title = paid
    ? t("ticketing.shop.done.paidTitle")
    : awaiting
      ? t("ticketing.shop.done.awaitingTitle")
      : t("ticketing.shop.done.confirmingTitle");

  return (
    <Stack gap="lg">
      <Stack gap="xs" role="status">
        <Group gap="sm">
          <Title order={2} size="h3" ref={heading} tabIndex={-1}>
            {title}
          </Title>
          {cart.testMode && (
            <Badge color="orange" variant="light">
              {t("ticketing.shop.testOrder")}
            </Badge>
          )}
        </Group>
        {paid && <Text>{t("ticketing.shop.done.mailSent", { email: cart.buyer?.email ?? "" })}</Text>}
        {awaiting && (
          <Text>
            {t("ticketing.shop.done.awaitingText", {
              amount: money(cart.totalInclTaxCents),
              method: t(`ticketing.shop.method.${cart.otherPaymentKind ?? "bankTransfer"}`),
            })}
          </Text>
        )}
        {!paid && !awaiting && (
          <Group gap="xs">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t("ticketing.shop.done.confirmingText")}</Text>
          </Group>
        )}
      </Stack>
      {awaiting && instructions && (
        <Alert color="gray" variant="light" title={t("ticketing.shop.method.instructions")}>
          <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {instructions}
          </Text>
        </Alert>
      )}
      {paid && (
        <nav aria-label={t("ticketing.shop.done.documents")}>
          <List spacing="xs" listStyleType="none" p={0}>
            <List.Item>
              <Anchor href={endpointPath(cartTicketsPdf, cartParams)} target="_blank" rel="noopener">
                {t("ticketing.shop.done.ticketsPdf")}
              </Anchor>
            </List.Item>
            {cart.documents.map((document) => (
              <List.Item key={document.id}>
                <Anchor
                  href={endpointPath(cartDocumentPdf, { ...cartParams, documentId: document.id })}
                  target="_blank"
                  rel="noopener"
                >
                  {t(`ticketing.shop.done.${document.kind}`, { number: document.number })}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </nav>
      )}
      <CartSummary cart={cart} title={t("ticketing.shop.summary.orderTitle")} />
      <Button variant="default" size="md" onClick={onBuyMore}>
        {t("ticketing.shop.done.buyMore")}
      </Button>
    </Stack>
  );
}

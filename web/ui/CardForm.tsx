import routeTable from "virtual:endpoint-routes";
import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { translate } from "../../contract/error-messages";
import {
  type AuthenticationOutcome,
  cardBrand,
  cardDigits,
  declineMessageCodes,
  type PaymentView,
  type SimulatorCard,
  simulatorCardSchema,
  testCards,
} from "../../contract/payments";
import { ApiError, clientOf } from "../api/client";
import { toLanguage } from "../i18n/i18n";
import { useContractForm } from "./forms";

const paymentsApi = clientOf(routeTable.paymentSimulatorEndpoints);

const successCard = testCards.find((card) => card.outcome.kind === "success")?.number ?? "";

/** Groups the digits as printed on the card: 4-6-5 on American Express, fours elsewhere. */
export function formatCardNumber(value: string): string {
  const digits = cardDigits(value).replace(/\D/g, "").slice(0, 19);
  const groups = cardBrand(digits) === "amex" ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(" ");
}

/** "1", "12", "12/3", "12/34": the slash comes by itself once the month is typed. */
export function formatCardExpiry(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

type CardFormProps = {
  /** The payment's client secret, from the order's checkout. */
  clientSecret: string;
  /** The amount to pay, already formatted in the page's language and currency. */
  amount: string;
  /** Called once the payment has succeeded; the checkout then confirms the order. */
  onSucceeded(payment: PaymentView): void;
  /**
   * The calls that confirm the card and answer the 3-D Secure check: the simulator's own routes unless given. The
   * shop sends them through its cart's checkout, whose answer carries the order as well.
   */
  confirmCard?: (card: SimulatorCard) => Promise<PaymentView>;
  authenticate?: (outcome: AuthenticationOutcome) => Promise<PaymentView>;
};

/**
 * The test-mode simulator's card form, where Stripe's card element would be in live mode: Stripe's test cards and
 * outcomes (including a 3-D Secure step), any future expiry and any CVC. A declined card can be replaced and retried.
 */
export function CardForm({ clientSecret, amount, onSucceeded, confirmCard, authenticate: answer }: CardFormProps) {
  const { t, i18n } = useTranslation();
  const form = useContractForm(simulatorCardSchema, { number: "", expiry: "", cvc: "", name: "" });
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const settle = (result: PaymentView) => {
    setPayment(result);
    if (result.status === "succeeded") onSucceeded(result);
  };
  const showFailure = (error: unknown) => {
    if (error instanceof ApiError) {
      // The server names the card's fields "card.number"...; the form has them without the prefix.
      form.setErrors(
        Object.fromEntries(Object.entries(error.fields).map(([field, text]) => [field.replace(/^card\./, ""), text])),
      );
    }
    setFailure(error instanceof Error ? error.message : String(error));
  };
  const confirm = useMutation({
    mutationFn: (card: SimulatorCard) =>
      confirmCard ? confirmCard(card) : paymentsApi.confirmSimulatedCard({ body: { clientSecret, card } }),
    onSuccess: settle,
    onError: showFailure,
  });
  const authenticate = useMutation({
    mutationFn: (outcome: AuthenticationOutcome) =>
      answer ? answer(outcome) : paymentsApi.authenticateSimulated({ body: { clientSecret, outcome } }),
    onSuccess: settle,
    onError: showFailure,
  });

  const declined =
    payment?.status === "failed" && payment.declineCode
      ? translate(declineMessageCodes[payment.declineCode], toLanguage(i18n.language))
      : null;
  const alert = failure ?? declined;
  // The card form the buyer was in is replaced by the bank's step: the keyboard and the reader go to its title.
  const authenticationTitle = useRef<HTMLHeadingElement>(null);
  const authenticating = payment?.status === "requires_action";
  useEffect(() => {
    if (authenticating) authenticationTitle.current?.focus();
  }, [authenticating]);

  if (authenticating) {
    return (
      <Stack gap="md" role="group" aria-labelledby="card-authentication-title">
        <Title order={3} id="card-authentication-title" ref={authenticationTitle} tabIndex={-1}>
          {t("payments.authentication.title")}
        </Title>
        <Text>{t("payments.authentication.intro")}</Text>
        <Group>
          <Button loading={authenticate.isPending} onClick={() => authenticate.mutate("complete")}>
            {t("payments.authentication.complete")}
          </Button>
          <Button variant="default" disabled={authenticate.isPending} onClick={() => authenticate.mutate("fail")}>
            {t("payments.authentication.fail")}
          </Button>
        </Group>
      </Stack>
    );
  }

  const { onChange: onNumberChange, ...numberProps } = form.getInputProps("number");
  const { onChange: onExpiryChange, ...expiryProps } = form.getInputProps("expiry");
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((card) => {
        setFailure(null);
        setPayment(null);
        confirm.mutate(card);
      })}
    >
      <Stack gap="md">
        <TestModeNote />
        {alert && (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        )}
        <TextInput
          label={t("payments.card.number")}
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          {...numberProps}
          onChange={(event) => onNumberChange(formatCardNumber(event.currentTarget.value))}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t("payments.card.expiry")}
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder={t("payments.card.expiryPlaceholder")}
            {...expiryProps}
            onChange={(event) => onExpiryChange(formatCardExpiry(event.currentTarget.value))}
          />
          <TextInput
            label={t("payments.card.cvc")}
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            {...form.getInputProps("cvc")}
          />
        </Group>
        <TextInput label={t("payments.card.name")} autoComplete="cc-name" {...form.getInputProps("name")} />
        <Button type="submit" fullWidth loading={confirm.isPending}>
          {t("payments.card.pay", { amount })}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Says that no card is charged and which test card pays; the other scenarios (declines, 3-D Secure) unfold on demand,
 * so the form stays in view on a phone.
 */
function TestModeNote() {
  const { t } = useTranslation();
  const [showCards, setShowCards] = useState(false);
  return (
    // A note, not an alert: screen readers should not interrupt the buyer with it. Blue 9 keeps the title at AA.
    <Alert
      color="blue"
      role="note"
      title={t("payments.testMode.title")}
      styles={{ title: { color: "var(--mantine-color-blue-9)" } }}
    >
      <Text size="sm">{t("payments.testMode.intro", { card: formatCardNumber(successCard) })}</Text>
      <Anchor
        component="button"
        type="button"
        size="sm"
        mt="xs"
        c="blue.9"
        aria-expanded={showCards}
        aria-controls="test-cards"
        onClick={() => setShowCards((shown) => !shown)}
      >
        {t(showCards ? "payments.testMode.hideCards" : "payments.testMode.showCards")}
      </Anchor>
      <div id="test-cards" hidden={!showCards}>
        <TestCardList />
      </div>
    </Alert>
  );
}

/** Stripe's test cards and what each one does, to copy into the form. */
function TestCardList() {
  const { t } = useTranslation();
  return (
    <Table mt="xs" fz="sm" verticalSpacing={4} aria-label={t("payments.testMode.cards")}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("payments.testMode.cardColumn")}</Table.Th>
          <Table.Th>{t("payments.testMode.outcomeColumn")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {testCards.map((card) => (
          <Table.Tr key={card.number}>
            <Table.Td ff="monospace">{formatCardNumber(card.number)}</Table.Td>
            <Table.Td>{t(`payments.scenarios.${card.scenario}`)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

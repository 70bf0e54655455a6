import { Alert, Box, Button, Stack, Text } from "@mantine/core";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadStripeScript } from "./stripe-script";

/** What this form uses of Stripe.js (https://docs.stripe.com/js): a card element and confirmCardPayment. */
type StripeCardElement = {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: "change", handler: (change: { error?: { message: string } }) => void): void;
};
type StripeJs = {
  elements(options?: { locale?: string }): {
    create(type: "card", options?: Record<string, unknown>): StripeCardElement;
  };
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ): Promise<{ error?: { message?: string }; paymentIntent?: { status: string } }>;
};

type Props = {
  publishableKey: string;
  clientSecret: string;
  /** The amount to pay, already formatted in the page's language and currency. */
  amount: string;
  /** Stripe says the payment succeeded; the order follows by Stripe's webhook, which the caller waits for. */
  onSucceeded(): void;
};

/**
 * The card form of live payments (and of Stripe test keys): Stripe's own card element, so card numbers never reach
 * this platform, and Stripe's 3-D Secure window when the bank asks. When Stripe.js cannot be loaded the buyer reads
 * SPEC §8's "Please load the card payment provider's script." and may try again.
 */
export function StripeCardForm({ publishableKey, clientSecret, amount, onSucceeded }: Props) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const mountPoint = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; card: StripeCardElement } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [cardError, setCardError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the buyer's retry, which loads the script again.
  useEffect(() => {
    let live = true;
    let mounted: StripeCardElement | null = null;
    setLoadError(null);
    loadStripeScript().then(
      (factory) => {
        if (!live || !mountPoint.current) return;
        const js = factory(publishableKey) as StripeJs;
        mounted = js.elements({ locale: i18n.language }).create("card", { hidePostalCode: true });
        mounted.mount(mountPoint.current);
        mounted.on("change", (change) => setCardError(change.error?.message ?? null));
        setStripe({ js, card: mounted });
      },
      (error: Error) => {
        if (live) setLoadError(error.message);
      },
    );
    return () => {
      live = false;
      mounted?.destroy();
    };
  }, [publishableKey, i18n.language, attempt]);

  async function pay() {
    if (!stripe) return;
    setPaying(true);
    setCardError(null);
    const result = await stripe.js.confirmCardPayment(clientSecret, { payment_method: { card: stripe.card } });
    setPaying(false);
    if (result.error) setCardError(result.error.message ?? t("app.error.unknown"));
    else if (result.paymentIntent?.status === "succeeded" || result.paymentIntent?.status === "processing")
      onSucceeded();
  }

  return (
    <Stack gap="md">
      {loadError && (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{loadError}</Text>
            <Button variant="default" onClick={() => setAttempt((count) => count + 1)}>
              {t("payments.stripe.retry")}
            </Button>
          </Stack>
        </Alert>
      )}
      <Stack gap={4}>
        <Text id={labelId} size="sm" fw={500}>
          {t("payments.stripe.card")}
        </Text>
        {/* Stripe's element is an iframe with its own labelled inputs; the group names it for the page. */}
        <Box
          ref={mountPoint}
          role="group"
          aria-labelledby={labelId}
          p="sm"
          mih={44}
          style={{ border: "1px solid var(--mantine-color-gray-5)", borderRadius: 4, background: "white" }}
        />
        <Text size="sm" c="red.8" aria-live="polite">
          {cardError}
        </Text>
      </Stack>
      <Button size="md" fullWidth disabled={!stripe} loading={paying} onClick={() => void pay()}>
        {t("payments.card.pay", { amount })}
      </Button>
    </Stack>
  );
}

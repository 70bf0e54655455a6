import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { translate } from "../../../../contract/error-messages";
import type { PaymentView } from "../../../../contract/payments";
import type { Cart, CartBody, PaymentStart } from "../../../../contract/ticketing-orders";
import { ApiError } from "../../../api/client";
import { CardForm } from "../../../ui/CardForm";
import { LoadingLine } from "../../../ui/LoadingLine";
import { useLanguageScope } from "../../../ui/language-scope";
import { usePublicEventContext } from "../../../ui/public-layout/PublicLayout";
import { useEventSlug, usePublicBase } from "../../../ui/public-layout/public-event.queries";
import { StripeCardForm } from "../../../ui/StripeCardForm";
import { usePageTitle } from "../../../ui/usePageTitle";
import { CartSummary, CouponField } from "./CartSummary";
import { type CheckoutChoice, CheckoutForm, focusFirstInvalid } from "./CheckoutForm";
import { cartStore } from "./cart-store";
import { useMoney } from "./money";
import { OrderConfirmation } from "./OrderConfirmation";
import { ReservationTimer } from "./ReservationTimer";
import { OfficeClosed, TestModeBanner } from "./ShopNotices";
import { type CartCheckoutResult, shopApi, shopKeys, useShop, useStoredCart, useTicketOffice } from "./shop.queries";
import { cartBodyErrors, cartBodyOf, emptyDraft, estimateCents, heldUnits, type ShopDraft } from "./shop-selection";
import { HolderFields, TicketChooser } from "./TicketChooser";

type Step = "choose" | "checkout" | "pay" | "done" | "expired";
type Failure = { message: string; fields: Record<string, string> };

const failureOf = (error: unknown): Failure =>
  error instanceof ApiError
    ? { message: error.message, fields: error.fields }
    : { message: error instanceof Error ? error.message : String(error), fields: {} };
const isExpiry = (error: unknown) => error instanceof ApiError && error.code === "CART_EXPIRED";

/** Where a cart read again (a reload) takes the buyer. */
function stepOf(cart: Cart): Step {
  if (cart.status === "in_cart")
    return cart.reservedUntil && Date.parse(cart.reservedUntil) <= Date.now() ? "expired" : "checkout";
  // A cart replaced by a newer one, or cancelled by the organizer, is no longer the buyer's to take up.
  if (cart.status === "cancelled") return cart.cancelReason === "expired" ? "expired" : "choose";
  return "done";
}

/** The simulator's card form reads where the payment stands; the cart's answers carry it along with the order. */
function paymentViewOf(result: CartCheckoutResult): PaymentView {
  const { cart, payment } = result;
  return {
    id: payment?.providerPaymentId ?? cart.id,
    status: payment?.status ?? (cart.status === "completed" ? "succeeded" : "processing"),
    declineCode: payment?.declineCode ?? null,
    amountCents: payment?.amountCents ?? cart.totalInclTaxCents,
    currency: payment?.currency ?? cart.currency,
  };
}

/**
 * `/{lang}/{event}/shop`: the public ticket shop, phone first. The buyer chooses tickets and options and says who they
 * are for, the cart holds them for the reservation time (counted down), coupons apply to it, then billing details,
 * the terms and the payment: a card (the simulator's form in test mode, Stripe's otherwise, with its 3-D Secure step)
 * or another method the organizer offers. The cart's token and the choices live in sessionStorage, so a reload takes
 * up where the buyer was.
 */
export function ShopPage() {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const slug = useEventSlug();
  const base = usePublicBase();
  const event = usePublicEventContext();
  const queryClient = useQueryClient();
  usePageTitle(t("ticketing.shop.pageTitle", { event: event.name }));

  const [initial] = useState(() => cartStore.get(slug));
  const [draft, setDraft] = useState<ShopDraft>(initial?.draft ?? emptyDraft());
  const [token, setToken] = useState<string | null>(initial?.token ?? null);
  const [cart, setCart] = useState<Cart | null>(null);
  const [step, setStep] = useState<Step>("choose");
  const [payment, setPayment] = useState<PaymentStart | null>(null);
  const [choice, setChoice] = useState<CheckoutChoice | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [chooseFailure, setChooseFailure] = useState<string | null>(null);
  const [checkoutFailure, setCheckoutFailure] = useState<Failure | null>(null);
  const [couponError, setCouponError] = useState<string | undefined>();
  const [focusRequest, setFocusRequest] = useState(0);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const chooser = useRef<HTMLFormElement>(null);

  const office = useTicketOffice(slug, language);
  const open = office.data?.state === "open";
  const shop = useShop(slug, language, open);
  const restored = useStoredCart(slug, initial?.token ?? null);
  const money = useMoney(cart?.currency ?? office.data?.currency ?? "EUR");
  const cartParams = { slug, token: token ?? "" };

  useEffect(() => cartStore.set(slug, { token, draft }), [slug, token, draft]);

  // A reload: the stored cart says where the buyer was; a cart gone (404) leaves them with their choices.
  useEffect(() => {
    if (restored.data) {
      const next = stepOf(restored.data);
      if (next === "choose") setToken(null);
      else setCart(restored.data);
      setStep(next);
    } else if (restored.isError) setToken(null);
  }, [restored.data, restored.isError]);

  // A card payment Stripe confirmed reaches the order by webhook: the cart is read until it has moved on.
  const confirming = useQuery({
    queryKey: shopKeys.cart(slug, token ?? ""),
    queryFn: () => shopApi.cart({ params: cartParams }),
    enabled: step === "done" && cart?.status === "in_cart" && token !== null,
    refetchInterval: 2000,
  });
  useEffect(() => {
    if (confirming.data && confirming.data.status !== "in_cart") setCart(confirming.data);
  }, [confirming.data]);

  // A new step takes the keyboard and the reader to its heading (not on the page's first showing).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo?.(0, 0);
    stepHeading.current?.focus();
  }, [step]);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(chooser.current);
  }, [focusRequest]);

  const refreshStock = () => queryClient.invalidateQueries({ queryKey: shopKeys.shop(slug, language) });
  function expire() {
    setStep("expired");
    setPayment(null);
    void refreshStock();
  }
  function keep(next: Cart) {
    setCart(next);
    setToken(next.token);
  }

  const reserve = useMutation({
    mutationFn: async (body: CartBody) => {
      if (!token) return shopApi.createCart({ params: { slug }, body });
      try {
        return await shopApi.updateCart({ params: { slug, token }, body });
      } catch (error) {
        // The held cart ran out or is gone: the same choices make a new one.
        if (isExpiry(error) || (error instanceof ApiError && error.status === 404))
          return shopApi.createCart({ params: { slug }, body });
        throw error;
      }
    },
    onSuccess: (next) => {
      keep(next);
      setStep("checkout");
      void refreshStock();
    },
    onError: (error) => {
      const failure = failureOf(error);
      setErrors(failure.fields);
      setChooseFailure(failure.message);
      setFocusRequest((count) => count + 1);
      if (error instanceof ApiError && error.code.startsWith("CART_OFFICE_")) void office.refetch();
      void refreshStock();
    },
  });

  const coupons = useMutation({
    mutationFn: (couponCodes: string[]) => shopApi.updateCart({ params: cartParams, body: { ...body(), couponCodes } }),
    onSuccess: (next, couponCodes) => {
      keep(next);
      setDraft((current) => ({ ...current, couponCodes }));
      setCouponError(undefined);
    },
    onError: (error, couponCodes) => {
      if (isExpiry(error)) return expire();
      const failure = failureOf(error);
      const index = couponCodes.length - 1;
      setCouponError(failure.fields[`couponCodes.${index}`] ?? failure.message);
    },
  });

  const checkout = useMutation({
    mutationFn: (next: CheckoutChoice) => shopApi.checkout({ params: cartParams, body: next }),
    onSuccess: (result, next) => {
      keep(result.cart);
      if (result.cart.status !== "in_cart") setStep("done");
      else if (result.payment) {
        setChoice(next);
        setPayment(result.payment);
        setStep("pay");
      }
    },
    onError: (error) => (isExpiry(error) ? expire() : setCheckoutFailure(failureOf(error))),
  });

  /** The simulator's card goes with the checkout, and 3-D Secure is answered on the cart: both answer the order. */
  async function throughCart(call: () => Promise<CartCheckoutResult>): Promise<PaymentView> {
    try {
      const result = await call();
      keep(result.cart);
      return paymentViewOf(result);
    } catch (error) {
      if (isExpiry(error)) expire();
      throw error;
    }
  }

  const body = () => cartBodyOf(draft, language);
  function submitChoice(event: React.FormEvent) {
    event.preventDefault();
    const next = body();
    const found = cartBodyErrors(next, language);
    setErrors(found);
    setChooseFailure(null);
    if (Object.keys(found).length > 0) {
      setChooseFailure(found.items ?? t("ticketing.shop.checkFields"));
      setFocusRequest((count) => count + 1);
      return;
    }
    reserve.mutate(next);
  }
  function startAgain() {
    setToken(null);
    setCart(null);
    setPayment(null);
    setErrors({});
    setChooseFailure(null);
    setStep("choose");
  }
  function buyMore() {
    setDraft(emptyDraft());
    startAgain();
  }

  if (office.isPending || (initial?.token && restored.isPending)) return <LoadingLine />;
  if (office.isError) return <Text role="alert">{office.error.message}</Text>;

  const held = cart?.status === "in_cart" && cart.reservedUntil;
  const live = (step === "checkout" || step === "pay" || step === "choose") && held;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={base || "/"} size="sm">
          {t("ticketing.shop.backToEvent")}
        </Anchor>
        <Title order={1} size="h2">
          {t("ticketing.shop.title")}
        </Title>
      </Stack>
      {office.data.paymentMode === "test" && <TestModeBanner />}
      {live && cart?.reservedUntil && <ReservationTimer reservedUntil={cart.reservedUntil} onExpired={expire} />}

      {step === "done" && cart ? (
        <OrderConfirmation slug={slug} cart={cart} office={office.data} onBuyMore={buyMore} />
      ) : step === "expired" ? (
        <Stack gap="md">
          <Title order={2} size="h3" ref={stepHeading} tabIndex={-1}>
            {t("ticketing.shop.expired.title")}
          </Title>
          <Alert color="orange" role="alert">
            {translate("CART_EXPIRED", language)}
          </Alert>
          <Button size="md" onClick={startAgain}>
            {t("ticketing.shop.expired.again")}
          </Button>
        </Stack>
      ) : !open && step === "choose" ? (
        <OfficeClosed office={office.data} />
      ) : step === "choose" ? (
        shop.isPending ? (
          <LoadingLine />
        ) : shop.isError ? (
          <Text role="alert">{shop.error.message}</Text>
        ) : (
          <form ref={chooser} onSubmit={submitChoice} noValidate>
            <Stack gap="lg">
              <Title order={2} size="h3" ref={stepHeading} tabIndex={-1}>
                {t("ticketing.shop.steps.choose")}
              </Title>
              <TicketChooser
                shop={shop.data}
                draft={draft}
                onChange={setDraft}
                held={heldUnits(cart)}
                errors={errors}
              />
              <HolderFields
                legend={t("ticketing.shop.buyer.title")}
                description={t("ticketing.shop.buyer.help")}
                holder={draft.buyer}
                path="buyer"
                errors={errors}
                onChange={(buyer) => setDraft((current) => ({ ...current, buyer }))}
              />
              <Text fw={600} ta="right" aria-live="polite">
                {t("ticketing.shop.estimate", { amount: money(estimateCents(shop.data, draft)) })}
              </Text>
              {chooseFailure && (
                <Alert color="red" role="alert">
                  {chooseFailure}
                </Alert>
              )}
              <Button type="submit" size="md" fullWidth loading={reserve.isPending}>
                {held ? t("ticketing.shop.reserveAgain") : t("ticketing.shop.reserve")}
              </Button>
              {held && (
                <Button variant="subtle" size="md" onClick={() => setStep("checkout")}>
                  {t("ticketing.shop.backToCheckout")}
                </Button>
              )}
            </Stack>
          </form>
        )
      ) : cart ? (
        <Stack gap="lg">
          <CartSummary
            cart={cart}
            title={t("ticketing.shop.summary.title")}
            headingRef={step === "checkout" ? stepHeading : undefined}
          >
            {step === "checkout" && (
              <CouponField
                applied={draft.couponCodes}
                error={couponError}
                pending={coupons.isPending}
                onApply={(code) => coupons.mutate([...draft.couponCodes.filter((applied) => applied !== code), code])}
                onRemove={(code) => coupons.mutate(draft.couponCodes.filter((applied) => applied !== code))}
              />
            )}
          </CartSummary>
          {step === "checkout" ? (
            <>
              <Button variant="default" size="md" onClick={() => setStep("choose")}>
                {t("ticketing.shop.changeTickets")}
              </Button>
              <CheckoutForm
                office={office.data}
                buyerName={`${draft.buyer.firstName} ${draft.buyer.lastName}`.trim()}
                pending={checkout.isPending}
                failure={checkoutFailure}
                onSubmit={(next) => {
                  setCheckoutFailure(null);
                  checkout.mutate(next);
                }}
              />
            </>
          ) : payment && choice ? (
            <Stack gap="md">
              <Title order={2} size="h3" ref={stepHeading} tabIndex={-1}>
                {t("ticketing.shop.steps.pay")}
              </Title>
              {payment.provider === "stripe" && payment.publishableKey ? (
                <StripeCardForm
                  publishableKey={payment.publishableKey}
                  clientSecret={payment.clientSecret}
                  amount={money(payment.amountCents)}
                  onSucceeded={() => setStep("done")}
                />
              ) : (
                <CardForm
                  clientSecret={payment.clientSecret}
                  amount={money(payment.amountCents)}
                  onSucceeded={() => setStep("done")}
                  confirmCard={(card) =>
                    throughCart(() => shopApi.checkout({ params: cartParams, body: { ...choice, card } }))
                  }
                  authenticate={(outcome) =>
                    throughCart(() => shopApi.authenticate({ params: cartParams, body: { outcome } }))
                  }
                />
              )}
              <Button variant="subtle" size="md" onClick={() => setStep("checkout")}>
                {t("ticketing.shop.backToBilling")}
              </Button>
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

import { Alert, Anchor, Button, Checkbox, Radio, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { PublicTicketing } from "../../../../contract/ticketing-billing";
import { type CheckoutBody, type CheckoutValues, checkoutBody } from "../../../../contract/ticketing-orders";
import { useContractForm } from "../../../ui/forms";

const checkoutForm = checkoutBody.omit({ card: true });
export type CheckoutChoice = Omit<CheckoutValues, "card">;

type Props = {
  office: PublicTicketing;
  /** The buyer's name, the billing name until they type another. */
  buyerName: string;
  pending: boolean;
  /** The last refusal: its headline and its messages by body path ("billing.siret"). */
  failure: { message: string; fields: Record<string, string> } | null;
  onSubmit(choice: CheckoutChoice): void;
};

/** Puts the keyboard on the first input marked invalid, where its message is read out. */
export function focusFirstInvalid(container: HTMLElement | null) {
  const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  invalid?.focus();
  invalid?.scrollIntoView?.({ block: "center" });
}

/**
 * Who is billed (an individual, or a company with its Siret) and at which address, how they pay (card, or another
 * method the organizer offers, with its instructions), and the terms of sale accepted (SPEC §5) before paying.
 */
export function CheckoutForm({ office, buyerName, pending, failure, onSubmit }: Props) {
  const { t } = useTranslation();
  const container = useRef<HTMLFormElement>(null);
  const initial: CheckoutBody = {
    method: "card",
    billing: { buyerKind: "individual", name: buyerName, address: "", zip: "", city: "", siret: "" },
    termsAccepted: false,
  };
  const form = useContractForm(checkoutForm, initial);
  const values = form.getValues();
  const company = values.billing.buyerKind === "company";
  const chosenOther = office.otherPaymentMethods.find((method) => method.kind === values.method);
  // The browser's check first; the server's messages (a Siret it refused) until the next attempt.
  const error = (path: string) => form.errors[path] ?? failure?.fields[path];
  const errorProps = { role: "alert" };

  return (
    <form
      ref={container}
      noValidate
      onSubmit={form.onSubmit(
        (choice) => onSubmit(choice as CheckoutChoice),
        () => window.setTimeout(() => focusFirstInvalid(container.current)),
      )}
    >
      <Stack gap="lg">
        <Stack gap="sm" component="section" aria-labelledby="checkout-billing">
          <Title order={2} size="h3" id="checkout-billing">
            {t("ticketing.shop.billing.title")}
          </Title>
          <Radio.Group
            label={t("ticketing.shop.billing.buyerKind")}
            {...form.getInputProps("billing.buyerKind")}
            error={error("billing.buyerKind")}
          >
            <Stack gap="xs" mt="xs">
              <Radio size="md" value="individual" label={t("ticketing.shop.billing.individual")} />
              <Radio size="md" value="company" label={t("ticketing.shop.billing.company")} />
            </Stack>
          </Radio.Group>
          <TextInput
            size="md"
            withAsterisk
            autoComplete={company ? "organization" : "name"}
            label={t(company ? "ticketing.shop.billing.companyName" : "ticketing.shop.billing.name")}
            {...form.getInputProps("billing.name")}
            error={error("billing.name")}
            errorProps={errorProps}
          />
          {company && (
            <TextInput
              size="md"
              inputMode="numeric"
              autoComplete="off"
              label={t("ticketing.shop.billing.siret")}
              description={t("ticketing.shop.billing.siretHelp")}
              {...form.getInputProps("billing.siret")}
              value={values.billing.siret ?? ""}
              error={error("billing.siret")}
              errorProps={errorProps}
            />
          )}
          <TextInput
            size="md"
            withAsterisk
            autoComplete="street-address"
            label={t("ticketing.shop.billing.address")}
            {...form.getInputProps("billing.address")}
            error={error("billing.address")}
            errorProps={errorProps}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              size="md"
              withAsterisk
              autoComplete="postal-code"
              label={t("ticketing.shop.billing.zip")}
              {...form.getInputProps("billing.zip")}
              error={error("billing.zip")}
              errorProps={errorProps}
            />
            <TextInput
              size="md"
              withAsterisk
              autoComplete="address-level2"
              label={t("ticketing.shop.billing.city")}
              {...form.getInputProps("billing.city")}
              error={error("billing.city")}
              errorProps={errorProps}
            />
          </SimpleGrid>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="checkout-method">
          <Title order={2} size="h3" id="checkout-method">
            {t("ticketing.shop.method.title")}
          </Title>
          {office.otherPaymentMethods.length === 0 ? (
            <Text>{t("ticketing.shop.method.cardOnly")}</Text>
          ) : (
            <Radio.Group
              label={t("ticketing.shop.method.label")}
              {...form.getInputProps("method")}
              error={error("method")}
            >
              <Stack gap="xs" mt="xs">
                <Radio size="md" value="card" label={t("ticketing.shop.method.card")} />
                {office.otherPaymentMethods.map((method) => (
                  <Radio
                    key={method.kind}
                    size="md"
                    value={method.kind}
                    label={t(`ticketing.shop.method.${method.kind}`)}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {chosenOther?.instructions && (
            <Alert color="gray" variant="light" title={t("ticketing.shop.method.instructions")}>
              <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                {chosenOther.instructions}
              </Text>
            </Alert>
          )}
        </Stack>

        <Stack gap={4}>
          <Checkbox
            size="md"
            label={t("ticketing.shop.terms.accept")}
            {...form.getInputProps("termsAccepted", { type: "checkbox" })}
            error={error("termsAccepted")}
            // Mantine marks a checkbox in error for the eye only; screen readers and the focus need aria-invalid.
            aria-invalid={Boolean(error("termsAccepted"))}
          />
          {office.termsUrl && (
            <Anchor href={office.termsUrl} target="_blank" rel="noopener" ml={36} size="sm">
              {t("ticketing.shop.terms.read")}
            </Anchor>
          )}
        </Stack>

        {failure && (
          <Alert color="red" role="alert">
            {failure.message}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={pending}>
          {t(values.method === "card" ? "ticketing.shop.checkout.toPayment" : "ticketing.shop.checkout.placeOrder")}
        </Button>
      </Stack>
    </form>
  );
}

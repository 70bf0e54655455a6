import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { type CreditKind, creditAddBody, creditDebitBody, creditKinds } from "../../../contract/credits";
import { useAlert } from "../../ui/alert";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { useAddCredits, useDebitCredits } from "./credits.queries";
import { alignInputs } from "./form-fields";

const addForm = creditAddBody.extend({ kind: z.enum(creditKinds) });
const debitForm = creditDebitBody.extend({ kind: z.enum(creditKinds) });
const campaignCredits: CreditKind = "campaign";

/**
 * The platform Administrator's actions on an account's credits (SPEC §2 "credits add or debit"): add a lot (number,
 * expiry date DD/MM/YYYY, pack) or take credits out, the server's messages under the inputs in the user's language.
 */
export function CreditActionsCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const add = useAddCredits(accountId);
  const debit = useDebitCredits(accountId);
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t("accounts.credits.actionsTitle")}
          </Title>
          <Text size="sm" c="gray.7">
            {t("accounts.credits.actionsIntro")}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <CreditMovementForm
            id="credits-add"
            title={t("accounts.credits.addTitle")}
            submit={t("accounts.credits.add")}
            schema={addForm}
            initial={{ kind: campaignCredits, number: "" as unknown, expiryDate: "", pack: "" }}
            pending={add.isPending}
            send={async ({ kind, ...body }) => {
              const lot = await add.mutateAsync({ kind, body });
              return t("accounts.credits.added", { count: lot.number, kind: t(`accounts.credits.kinds.${kind}`) });
            }}
            fields={(form) => (
              <>
                <TextInput
                  label={t("accounts.credits.expiryDate")}
                  description={t("accounts.credits.expiryDateHelp")}
                  placeholder={t("accounts.credits.expiryDatePlaceholder")}
                  {...form.getInputProps("expiryDate")}
                />
                <TextInput label={t("accounts.credits.pack")} maxLength={100} {...form.getInputProps("pack")} />
              </>
            )}
          />
          <CreditMovementForm
            id="credits-debit"
            title={t("accounts.credits.debitTitle")}
            submit={t("accounts.credits.debit")}
            submitColor="red"
            schema={debitForm}
            initial={{ kind: campaignCredits, number: "" as unknown, note: "" }}
            pending={debit.isPending}
            send={async ({ kind, ...body }) => {
              const balance = await debit.mutateAsync({ kind, body });
              return t("accounts.credits.debited", { count: balance.remaining });
            }}
            fields={(form) => (
              <TextInput label={t("accounts.credits.note")} maxLength={500} {...form.getInputProps("note")} />
            )}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/**
 * One movement of credits (an addition or a debit): the kind and the number, the movement's own fields, and a submit
 * that says what was done or shows the server's messages under the inputs.
 */
function CreditMovementForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(props: {
  id: string;
  title: string;
  submit: string;
  submitColor?: string;
  schema: Schema;
  initial: z.input<Schema>;
  pending: boolean;
  /** Sends the movement; answers the message that says it is done. */
  send(values: z.output<Schema>): Promise<string>;
  fields(form: UseFormReturnType<z.input<Schema>, z.output<Schema>>): ReactNode;
}) {
  const { t } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const form = useContractForm(props.schema, props.initial);
  const onSubmit = form.onSubmit(async (values) => {
    clearAlert();
    try {
      notifications.show({ color: "green", message: await props.send(values) });
      form.setValues(props.initial);
      form.resetDirty(props.initial);
    } catch (error) {
      showAlert(showServerErrors(form, error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${props.id}-title`}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={`${props.id}-title`}>
          {props.title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} style={alignInputs}>
          <Select
            label={t("accounts.credits.kind")}
            data={creditKinds.map((kind) => ({ value: kind, label: t(`accounts.credits.kinds.${kind}`) }))}
            allowDeselect={false}
            {...form.getInputProps("kind")}
          />
          <NumberInput
            label={t("accounts.credits.number")}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            withAsterisk
            {...form.getInputProps("number")}
          />
          {props.fields(form)}
        </SimpleGrid>
        <Group>
          <Button type="submit" color={props.submitColor} loading={props.pending}>
            {props.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { type CreditKind, creditAddBody, creditDebitBody, creditKinds } from "../../../contract/credits";
import { useAlert } from "../../ui/alert";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { useAddCredits, useDebitCredits } from "./credits.queries";
import { alignInputs } from "./form-fields";

const addForm = creditAddBody.extend({ kind: z.enum(creditKinds) });
const debitForm = creditDebitBody.extend({ kind: z.enum(creditKinds) });

function useKindOptions() {
  const { t } = useTranslation();
  return creditKinds.map((kind) => ({ value: kind, label: t(`accounts.credits.kinds.${kind}`) }));
}

/**
 * The platform Administrator's actions on an account's credits (SPEC §2 "credits add or debit"): add a lot (number,
 * expiry date DD/MM/YYYY, pack) or take credits out, the server's messages under the inputs in the user's language.
 */
export function CreditActionsCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
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
          <AddCreditsForm accountId={accountId} />
          <DebitCreditsForm accountId={accountId} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function AddCreditsForm({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const kindOptions = useKindOptions();
  const initial = { kind: "campaign" as CreditKind, number: "" as unknown, expiryDate: "", pack: "" };
  const form = useContractForm(addForm, initial);
  const add = useAddCredits(accountId);
  const onSubmit = form.onSubmit(({ kind, ...body }) => {
    clearAlert();
    add.mutate(
      { kind, body },
      {
        onSuccess: (lot) => {
          notifications.show({
            color: "green",
            message: t("accounts.credits.added", { count: lot.number, kind: t(`accounts.credits.kinds.${kind}`) }),
          });
          form.setValues(initial);
          form.resetDirty(initial);
        },
        onError: (error) => showAlert(showServerErrors(form, error)),
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="credits-add-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="credits-add-title">
          {t("accounts.credits.addTitle")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} style={alignInputs}>
          <Select
            label={t("accounts.credits.kind")}
            data={kindOptions}
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
          <TextInput
            label={t("accounts.credits.expiryDate")}
            description={t("accounts.credits.expiryDateHelp")}
            placeholder={t("accounts.credits.expiryDatePlaceholder")}
            {...form.getInputProps("expiryDate")}
          />
          <TextInput label={t("accounts.credits.pack")} maxLength={100} {...form.getInputProps("pack")} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={add.isPending}>
            {t("accounts.credits.add")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DebitCreditsForm({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const kindOptions = useKindOptions();
  const initial = { kind: "campaign" as CreditKind, number: "" as unknown, note: "" };
  const form = useContractForm(debitForm, initial);
  const debit = useDebitCredits(accountId);
  const onSubmit = form.onSubmit(({ kind, ...body }) => {
    clearAlert();
    debit.mutate(
      { kind, body },
      {
        onSuccess: (balance) => {
          notifications.show({
            color: "green",
            message: t("accounts.credits.debited", { count: balance.remaining }),
          });
          form.setValues(initial);
          form.resetDirty(initial);
        },
        onError: (error) => showAlert(showServerErrors(form, error)),
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="credits-debit-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="credits-debit-title">
          {t("accounts.credits.debitTitle")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} style={alignInputs}>
          <Select
            label={t("accounts.credits.kind")}
            data={kindOptions}
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
        </SimpleGrid>
        <TextInput label={t("accounts.credits.note")} maxLength={500} {...form.getInputProps("note")} />
        <Group>
          <Button type="submit" color="red" loading={debit.isPending}>
            {t("accounts.credits.debit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

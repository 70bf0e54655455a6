import { Alert, Checkbox, Drawer, Group, MultiSelect, NumberInput, Select, Stack, Switch } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { Event } from "../../../../contract/events";
import { localizedText } from "../../../../contract/forms";
import {
  type Category,
  type Ticket,
  type ticketBody,
  ticketBodyFor,
  ticketToBody,
} from "../../../../contract/ticketing-catalogue";
import { useContractForm } from "../../../ui/forms";
import { SaveCancelButtons } from "../../../ui/SaveCancelButtons";
import { LocalizedInput } from "../../forms/builder/LocalizedInput";
import { serverFailure } from "./CatalogueParts";
import { useCreateTicket, useUpdateTicket } from "./catalogue.queries";
import { categoryOutline } from "./category-tree";
import { openPeriod, PricePeriodsEditor } from "./PricePeriodsEditor";

type Props = {
  event: Event;
  /** Null: a new ticket. */
  ticket: Ticket | null;
  tickets: Ticket[];
  categories: Category[];
  onClose(): void;
};

/** The usual French rate: a new ticket starts with it, the organizer changes it or ticks "No VAT". */
const defaultTaxPercent = 20;

const newTicket: z.input<typeof ticketBody> = {
  caption: {},
  description: {},
  taxPercent: defaultTaxPercent,
  maxQuantity: null,
  isOption: false,
  optionOf: [],
  onSale: false,
  active: true,
  categoryId: null,
  subcategoryId: null,
  pricePeriods: [openPeriod],
};

/** Creates or edits a ticket (every field of SPEC §3 Ticket); remounted per ticket by its caller. */
export function TicketDrawer({ event, ticket, tickets, categories, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const form = useContractForm(ticketBodyFor(event.preferredLanguage), ticket ? ticketToBody(ticket) : newTicket);
  const create = useCreateTicket(event.id);
  const update = useUpdateTicket(event.id);
  const [failure, setFailure] = useState<string | null>(null);
  const values = form.getValues();
  const outline = categoryOutline(categories);
  const errorOf = (path: string) => form.errors[path];

  const submit = form.onSubmit((body) => {
    setFailure(null);
    const done = {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("common.saved") });
        onClose();
      },
      onError: (error: Error) => setFailure(serverFailure(form, error)),
    };
    if (ticket) update.mutate({ id: ticket.id, body }, done);
    else create.mutate(body, done);
  });
  const quota = form.getInputProps("maxQuantity");
  const tax = form.getInputProps("taxPercent");

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={t(ticket ? "ticketing.catalogue.tickets.editTitle" : "ticketing.catalogue.tickets.createTitle")}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          {event.languages.map((language) => (
            <LocalizedInput
              key={language}
              label={t("ticketing.catalogue.tickets.caption")}
              language={language}
              required={language === event.preferredLanguage}
              value={values.caption}
              error={errorOf(`caption.${language}`) as string | undefined}
              onChange={(caption) => form.setFieldValue("caption", caption)}
            />
          ))}
          {event.languages.map((language) => (
            <LocalizedInput
              key={language}
              label={t("ticketing.catalogue.tickets.description")}
              language={language}
              multiline
              value={values.description}
              onChange={(description) => form.setFieldValue("description", description)}
            />
          ))}
          <Group align="flex-end" grow>
            <NumberInput
              label={t("ticketing.catalogue.tickets.taxPercent")}
              decimalScale={2}
              min={0}
              max={100}
              allowNegative={false}
              disabled={values.taxPercent === null}
              value={tax.value ?? ""}
              onChange={(value) => form.setFieldValue("taxPercent", value === "" ? 0 : Number(value))}
              error={tax.error}
            />
            <Checkbox
              label={t("ticketing.catalogue.tickets.noVat")}
              checked={values.taxPercent === null}
              onChange={(change) =>
                form.setFieldValue("taxPercent", change.currentTarget.checked ? null : defaultTaxPercent)
              }
              mb={8}
            />
          </Group>
          <NumberInput
            label={t("ticketing.catalogue.tickets.maxQuantity")}
            description={t("ticketing.catalogue.tickets.maxQuantityHelp")}
            allowDecimal={false}
            allowNegative={false}
            value={quota.value ?? ""}
            onChange={(value) => form.setFieldValue("maxQuantity", value === "" ? null : Number(value))}
            error={quota.error}
          />
          <PricePeriodsEditor
            periods={values.pricePeriods}
            taxPercent={values.taxPercent ?? null}
            zone={event.timezone}
            errorOf={errorOf}
            onChange={(periods) => form.setFieldValue("pricePeriods", periods)}
          />
          <Switch
            label={t("ticketing.catalogue.tickets.isOption")}
            description={t("ticketing.catalogue.tickets.isOptionHelp")}
            {...form.getInputProps("isOption", { type: "checkbox" })}
          />
          {values.isOption && (
            <MultiSelect
              label={t("ticketing.catalogue.tickets.optionOf")}
              withAsterisk
              data={tickets
                .filter((other) => !other.isOption && other.id !== ticket?.id)
                .map((other) => ({ value: other.id, label: localizedText(other.caption, i18n.language) }))}
              {...form.getInputProps("optionOf")}
            />
          )}
          <Select
            label={t("ticketing.catalogue.tickets.category")}
            placeholder={t("common.none")}
            clearable
            data={outline.map((entry) => ({ value: entry.category.id, label: entry.path.join(" › ") }))}
            value={values.categoryId ?? null}
            onChange={(categoryId) => {
              form.setFieldValue("categoryId", categoryId);
              form.setFieldValue("subcategoryId", null);
            }}
            error={errorOf("categoryId")}
          />
          {values.categoryId && categories.some((category) => category.parentId === values.categoryId) && (
            <Select
              label={t("ticketing.catalogue.tickets.subcategory")}
              placeholder={t("common.none")}
              clearable
              data={categories
                .filter((category) => category.parentId === values.categoryId)
                .map((category) => ({ value: category.id, label: category.name }))}
              {...form.getInputProps("subcategoryId")}
            />
          )}
          <Switch
            label={t("ticketing.catalogue.tickets.onSale")}
            {...form.getInputProps("onSale", { type: "checkbox" })}
          />
          <Switch
            label={t("ticketing.catalogue.tickets.active")}
            {...form.getInputProps("active", { type: "checkbox" })}
          />
          <SaveCancelButtons saving={create.isPending || update.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Drawer>
  );
}

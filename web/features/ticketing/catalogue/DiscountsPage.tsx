import { Button, Card, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { Discount } from "../../../../contract/ticketing-catalogue";
import { useAdminContext } from "../../../ui/admin-context";
import { useAlert } from "../../../ui/alert";
import { EventLoadError } from "../../../ui/EventLoadError";
import { LoadingLine } from "../../../ui/LoadingLine";
import { usePageTitle } from "../../../ui/usePageTitle";
import { EventDatesProvider } from "../../events/EventDatesProvider";
import { useEvent } from "../../events/events.queries";
import { CatalogueHeader, ConfirmDelete, RowActions } from "./CatalogueParts";
import { useDeleteDiscount, useDiscounts, useTickets } from "./catalogue.queries";
import { DiscountModal } from "./DiscountModal";
import { useEventCurrency } from "./MoneyInput";
import { reductionLabel, ticketNames } from "./ReductionFields";

/** SPEC §7 "discounts": reductions that apply by themselves (no code), such as group rates, between dates. */
export function DiscountsPage() {
  const { t, i18n } = useTranslation();
  const currency = useEventCurrency();
  const { eventId = "" } = useParams();
  const { can } = useAdminContext();
  const { showAlert, clearAlert } = useAlert();
  const event = useEvent(eventId);
  const discounts = useDiscounts(eventId);
  const tickets = useTickets(eventId);
  const remove = useDeleteDiscount(eventId);
  // undefined: closed; null: creating; a discount: editing it.
  const [editing, setEditing] = useState<Discount | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Discount | null>(null);
  usePageTitle(
    event.data
      ? t("ticketing.catalogue.discounts.pageTitle", { name: event.data.name })
      : t("ticketing.catalogue.discounts.title"),
  );

  if (event.isError || discounts.isError || tickets.isError) {
    return <EventLoadError message={(event.error ?? discounts.error ?? tickets.error)?.message ?? ""} />;
  }
  if (event.isPending || discounts.isPending || tickets.isPending) return <LoadingLine />;
  const editable = can("events.update");
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: event.data.timezone,
  });
  const datesOf = (discount: Discount) => {
    const from = discount.startsAt && dateFormat.format(new Date(discount.startsAt));
    const until = discount.endsAt && dateFormat.format(new Date(discount.endsAt));
    if (from && until) return t("ticketing.catalogue.discounts.between", { from, until });
    if (from) return t("ticketing.catalogue.discounts.from", { from });
    if (until) return t("ticketing.catalogue.discounts.until", { until });
    return t("ticketing.catalogue.discounts.always");
  };
  const confirmDelete = (discount: Discount) => {
    clearAlert();
    remove.mutate(discount.id, {
      onSuccess: () => notifications.show({ color: "green", message: t("ticketing.catalogue.discounts.deleted") }),
      onError: (error) => showAlert(error.message),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <EventDatesProvider>
      <Stack gap="lg" maw={1200}>
        <CatalogueHeader
          event={event.data}
          title={t("ticketing.catalogue.discounts.title")}
          action={
            editable && <Button onClick={() => setEditing(null)}>{t("ticketing.catalogue.discounts.create")}</Button>
          }
        />
        <Text c="gray.7">{t("ticketing.catalogue.discounts.intro")}</Text>
        {discounts.data.items.length === 0 ? (
          <Card withBorder padding="xl" radius="md">
            <Text ta="center" c="gray.7">
              {t("ticketing.catalogue.discounts.empty")}
            </Text>
          </Card>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("ticketing.catalogue.discounts.name")}</Table.Th>
                  <Table.Th scope="col">{t("ticketing.catalogue.reductions.discount")}</Table.Th>
                  <Table.Th scope="col">{t("ticketing.catalogue.discounts.minQuantity")}</Table.Th>
                  <Table.Th scope="col">{t("ticketing.catalogue.discounts.dates")}</Table.Th>
                  <Table.Th scope="col">{t("ticketing.catalogue.reductions.tickets")}</Table.Th>
                  {editable && <Table.Th scope="col">{t("common.actions")}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {discounts.data.items.map((discount) => (
                  <Table.Tr key={discount.id}>
                    <Table.Td>
                      <Text fw={600}>{discount.name}</Text>
                    </Table.Td>
                    <Table.Td>{reductionLabel(discount, i18n.language, currency)}</Table.Td>
                    <Table.Td>{discount.minQuantity}</Table.Td>
                    <Table.Td>{datesOf(discount)}</Table.Td>
                    <Table.Td>{ticketNames(tickets.data.items, discount.ticketIds, i18n.language)}</Table.Td>
                    {editable && (
                      <Table.Td>
                        <RowActions
                          name={discount.name}
                          onEdit={() => setEditing(discount)}
                          onDelete={() => setDeleting(discount)}
                        />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {editing !== undefined && (
          <DiscountModal
            key={editing?.id ?? "new"}
            event={event.data}
            discount={editing}
            tickets={tickets.data.items}
            onClose={() => setEditing(undefined)}
          />
        )}
        <ConfirmDelete
          title={t("ticketing.catalogue.discounts.deleteTitle")}
          text={deleting && t("ticketing.catalogue.discounts.deleteText", { name: deleting.name })}
          pending={remove.isPending}
          onConfirm={() => deleting && confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      </Stack>
    </EventDatesProvider>
  );
}

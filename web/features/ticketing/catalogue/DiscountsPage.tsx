import { Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { Discount } from "../../../../contract/ticketing-catalogue";
import { CatalogueListPage, useCatalogueQueries } from "./CatalogueListPage";
import { RowActions } from "./CatalogueParts";
import { useDeleteDiscount, useDiscounts, useTickets } from "./catalogue.queries";
import { DiscountModal } from "./DiscountModal";
import { useEventCurrency } from "./MoneyInput";
import { reductionLabel, ticketNames } from "./ReductionFields";

/** SPEC §7 "discounts": reductions that apply by themselves (no code), such as group rates, between dates. */
export function DiscountsPage() {
  const { t, i18n } = useTranslation();
  const currency = useEventCurrency();
  const { eventId = "" } = useParams();
  const remove = useDeleteDiscount(eventId);
  const page = useCatalogueQueries("discounts", eventId, useDiscounts(eventId), useTickets(eventId));
  if (!page.answers) return page.placeholder;
  const [event, discounts, tickets] = page.answers;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: event.timezone,
  });
  const datesOf = (discount: Discount) => {
    const from = discount.startsAt && dateFormat.format(new Date(discount.startsAt));
    const until = discount.endsAt && dateFormat.format(new Date(discount.endsAt));
    if (from && until) return t("ticketing.catalogue.discounts.between", { from, until });
    if (from) return t("ticketing.catalogue.discounts.from", { from });
    if (until) return t("ticketing.catalogue.discounts.until", { until });
    return t("ticketing.catalogue.discounts.always");
  };

  return (
    <CatalogueListPage
      section="discounts"
      event={event}
      items={discounts.items}
      intro={<Text c="gray.7">{t("ticketing.catalogue.discounts.intro")}</Text>}
      list={({ editable, edit, askDelete }) => (
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
              {discounts.items.map((discount) => (
                <Table.Tr key={discount.id}>
                  <Table.Td>
                    <Text fw={600}>{discount.name}</Text>
                  </Table.Td>
                  <Table.Td>{reductionLabel(discount, i18n.language, currency)}</Table.Td>
                  <Table.Td>{discount.minQuantity}</Table.Td>
                  <Table.Td>{datesOf(discount)}</Table.Td>
                  <Table.Td>{ticketNames(tickets.items, discount.ticketIds, i18n.language)}</Table.Td>
                  {editable && (
                    <Table.Td>
                      <RowActions
                        name={discount.name}
                        onEdit={() => edit(discount)}
                        onDelete={() => askDelete(discount)}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      editor={(discount, close) => (
        <DiscountModal event={event} discount={discount} tickets={tickets.items} onClose={close} />
      )}
      deleteText={(discount) => t("ticketing.catalogue.discounts.deleteText", { name: discount.name })}
      remove={remove}
      removal={(discount) => discount.id}
    />
  );
}

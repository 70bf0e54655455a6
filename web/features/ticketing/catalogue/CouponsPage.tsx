import { Badge, Group, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { couponState } from "../../../../contract/ticketing-catalogue";
import { CatalogueListPage, useCatalogueQueries } from "./CatalogueListPage";
import { RowActions } from "./CatalogueParts";
import { CouponModal } from "./CouponModal";
import { useCoupons, useDeleteCoupon, useTickets } from "./catalogue.queries";
import { useEventCurrency } from "./MoneyInput";
import { reductionLabel, ticketNames } from "./ReductionFields";

const stateColors = { usable: "green", expired: "gray", used_up: "orange" } as const;

/** SPEC §2 Ticketing "coupons": codes buyers type for an amount or a percent off chosen tickets. */
export function CouponsPage() {
  const { t, i18n } = useTranslation();
  const currency = useEventCurrency();
  const { eventId = "" } = useParams();
  const remove = useDeleteCoupon(eventId);
  const page = useCatalogueQueries("coupons", eventId, useCoupons(eventId), useTickets(eventId));
  if (!page.answers) return page.placeholder;
  const [event, coupons, tickets] = page.answers;
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });

  return (
    <CatalogueListPage
      section="coupons"
      event={event}
      items={coupons.items}
      list={({ editable, edit, askDelete }) => (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("ticketing.catalogue.coupons.code")}</Table.Th>
                <Table.Th scope="col">{t("ticketing.catalogue.reductions.discount")}</Table.Th>
                <Table.Th scope="col">{t("ticketing.catalogue.reductions.tickets")}</Table.Th>
                <Table.Th scope="col">{t("ticketing.catalogue.coupons.redemptions")}</Table.Th>
                <Table.Th scope="col">{t("ticketing.catalogue.coupons.redeemBy")}</Table.Th>
                <Table.Th scope="col">{t("ticketing.catalogue.coupons.state")}</Table.Th>
                {editable && <Table.Th scope="col">{t("common.actions")}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {coupons.items.map((coupon) => {
                const state = couponState(coupon, new Date(), event.timezone);
                return (
                  <Table.Tr key={coupon.id}>
                    <Table.Td>
                      <Text fw={600} ff="monospace">
                        {coupon.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm">{reductionLabel(coupon, i18n.language, currency)}</Text>
                        {coupon.combinable && (
                          <Badge variant="light" color="blue" c="blue.9" tt="none">
                            {t("ticketing.catalogue.coupons.combinableBadge")}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{ticketNames(tickets.items, coupon.ticketIds, i18n.language)}</Text>
                    </Table.Td>
                    <Table.Td>
                      {coupon.maxRedemptions === null
                        ? t("ticketing.catalogue.coupons.usedUnlimited", { count: coupon.redemptions })
                        : t("ticketing.catalogue.coupons.usedOf", {
                            count: coupon.redemptions,
                            max: coupon.maxRedemptions,
                          })}
                    </Table.Td>
                    <Table.Td>
                      {coupon.redeemBy
                        ? dayFormat.format(new Date(`${coupon.redeemBy}T00:00:00Z`))
                        : t("ticketing.catalogue.coupons.noEnd")}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={stateColors[state]} tt="none">
                        {t(`ticketing.catalogue.coupons.states.${state}`)}
                      </Badge>
                    </Table.Td>
                    {editable && (
                      <Table.Td>
                        <RowActions name={coupon.code} onEdit={() => edit(coupon)} onDelete={() => askDelete(coupon)} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      editor={(coupon, close) => (
        <CouponModal eventId={eventId} coupon={coupon} tickets={tickets.items} onClose={close} />
      )}
      deleteText={(coupon) => t("ticketing.catalogue.coupons.deleteText", { code: coupon.code })}
      remove={remove}
      removal={(coupon) => coupon.id}
    />
  );
}

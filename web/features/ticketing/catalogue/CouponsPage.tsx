import { Badge, Button, Card, Group, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { type Coupon, couponState } from "../../../../contract/ticketing-catalogue";
import { useAdminContext } from "../../../ui/admin-context";
import { useAlert } from "../../../ui/alert";
import { EventLoadError } from "../../../ui/EventLoadError";
import { LoadingLine } from "../../../ui/LoadingLine";
import { usePageTitle } from "../../../ui/usePageTitle";
import { EventDatesProvider } from "../../events/EventDatesProvider";
import { useEvent } from "../../events/events.queries";
import { CatalogueHeader, ConfirmDelete, RowActions } from "./CatalogueParts";
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
  const { can } = useAdminContext();
  const { showAlert, clearAlert } = useAlert();
  const event = useEvent(eventId);
  const coupons = useCoupons(eventId);
  const tickets = useTickets(eventId);
  const remove = useDeleteCoupon(eventId);
  // undefined: closed; null: creating; a coupon: editing it.
  const [editing, setEditing] = useState<Coupon | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  usePageTitle(
    event.data
      ? t("ticketing.catalogue.coupons.pageTitle", { name: event.data.name })
      : t("ticketing.catalogue.coupons.title"),
  );

  if (event.isError || coupons.isError || tickets.isError) {
    return <EventLoadError message={(event.error ?? coupons.error ?? tickets.error)?.message ?? ""} />;
  }
  if (event.isPending || coupons.isPending || tickets.isPending) return <LoadingLine />;
  const editable = can("events.update");
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const confirmDelete = (coupon: Coupon) => {
    clearAlert();
    remove.mutate(coupon.id, {
      onSuccess: () => notifications.show({ color: "green", message: t("ticketing.catalogue.coupons.deleted") }),
      onError: (error) => showAlert(error.message),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <EventDatesProvider>
      <Stack gap="lg" maw={1200}>
        <CatalogueHeader
          event={event.data}
          title={t("ticketing.catalogue.coupons.title")}
          action={
            editable && <Button onClick={() => setEditing(null)}>{t("ticketing.catalogue.coupons.create")}</Button>
          }
        />
        {coupons.data.items.length === 0 ? (
          <Card withBorder padding="xl" radius="md">
            <Text ta="center" c="gray.7">
              {t("ticketing.catalogue.coupons.empty")}
            </Text>
          </Card>
        ) : (
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
                {coupons.data.items.map((coupon) => {
                  const state = couponState(coupon, new Date(), event.data.timezone);
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
                        <Text size="sm">{ticketNames(tickets.data.items, coupon.ticketIds, i18n.language)}</Text>
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
                          <RowActions
                            name={coupon.code}
                            onEdit={() => setEditing(coupon)}
                            onDelete={() => setDeleting(coupon)}
                          />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {editing !== undefined && (
          <CouponModal
            key={editing?.id ?? "new"}
            eventId={eventId}
            coupon={editing}
            tickets={tickets.data.items}
            onClose={() => setEditing(undefined)}
          />
        )}
        <ConfirmDelete
          title={t("ticketing.catalogue.coupons.deleteTitle")}
          text={deleting && t("ticketing.catalogue.coupons.deleteText", { code: deleting.code })}
          pending={remove.isPending}
          onConfirm={() => deleting && confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      </Stack>
    </EventDatesProvider>
  );
}

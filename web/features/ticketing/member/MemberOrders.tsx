import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { HeldTicket, MemberOrder } from "../../../../contract/member-orders";
import { formatDateTime } from "../../../ui/date-format";
import { useDownload } from "../../../ui/download";
import { useLanguageScope } from "../../../ui/language-scope";
import { OrderStatusBadge, TestBadge } from "../../../ui/OrderStatusBadge";
import { orderReference } from "../../../ui/order-reference";
import { useEventSlug } from "../../../ui/public-layout/public-event.queries";
import { useMoney } from "../shop/money";
import { memberDocumentPdf, memberTicketsPdf, useMemberOrders } from "./member-orders.queries";

type Download = ReturnType<typeof useDownload>;

const plainList = { listStyle: "none" };
const noWrap = { whiteSpace: "nowrap" } as const;
// A document's number is long: on a phone its button wraps onto two lines rather than cutting it.
const wrapping = { root: { height: "auto", paddingBlock: 8 }, label: { whiteSpace: "normal" } } as const;

/**
 * The member area's "Orders and tickets" (issue 21): each order the guest placed with its items, state, totals and
 * PDFs, then the tickets someone else bought for them. Nothing shows for a guest who has neither.
 */
export function MemberOrders() {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const slug = useEventSlug();
  const memberOrders = useMemberOrders(slug, language);
  const download = useDownload();
  if (memberOrders.isPending) return null;
  if (memberOrders.isError) return <Text role="alert">{memberOrders.error.message}</Text>;
  const { orders, heldTickets } = memberOrders.data;
  if (orders.length === 0 && heldTickets.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="member-orders">
      <Title order={2} size="h4" id="member-orders">
        {t("ticketing.member.title")}
      </Title>
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} download={download} />
      ))}
      {heldTickets.length > 0 && <HeldTickets tickets={heldTickets} download={download} />}
    </Stack>
  );
}

function OrderCard({ order, download: { busy, download } }: { order: MemberOrder; download: Download }) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const slug = useEventSlug();
  const money = useMoney(order.currency);
  const reference = orderReference(order.id);
  const headingId = `member-order-${order.id}`;
  return (
    <Card withBorder radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={3} size="h5" id={headingId}>
              {t("ticketing.member.order", { reference })}
            </Title>
            <Text size="sm" c="gray.8">
              {t("ticketing.member.placedOn", { date: formatDateTime(order.createdAt, language) })}
            </Text>
          </div>
          <OrderStatusBadge status={order.status} testMode={order.testMode} cancelReason={order.cancelReason} />
        </Group>
        <Stack
          component="ul"
          gap={4}
          p={0}
          m={0}
          style={plainList}
          aria-label={t("ticketing.member.items", { reference })}
        >
          {order.items.map((item) => (
            <Group component="li" key={item.id} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <div>
                <Text td={item.refunded ? "line-through" : undefined} pl={item.isOption ? "md" : 0}>
                  {item.caption}
                </Text>
                {item.holderName && (
                  <Text size="sm" c="gray.8" pl={item.isOption ? "md" : 0}>
                    {t("ticketing.member.holder", { name: item.holderName })}
                  </Text>
                )}
                {item.refunded && (
                  <Text size="sm" c="red.9" pl={item.isOption ? "md" : 0}>
                    {t("ticketing.member.itemRefunded")}
                  </Text>
                )}
              </div>
              <Text style={noWrap}>{money(item.priceInclTaxCents)}</Text>
            </Group>
          ))}
        </Stack>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700}>{t("ticketing.member.total")}</Text>
          <Text fw={700} style={noWrap}>
            {money(order.totalInclTaxCents)}
          </Text>
        </Group>
        {order.refundedCents > 0 && (
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text>{t("ticketing.member.refunded")}</Text>
            <Text style={noWrap}>{money(-order.refundedCents)}</Text>
          </Group>
        )}
        {(order.ticketsPrintable || order.documents.length > 0) && (
          <Stack gap="xs">
            {order.ticketsPrintable && (
              <Button
                variant="light"
                fullWidth
                styles={wrapping}
                aria-label={t("ticketing.member.downloadTicketsOf", { reference })}
                loading={busy === `tickets-${order.id}`}
                onClick={() =>
                  download(`tickets-${order.id}`, t("ticketing.member.ticketsFile", { reference }), () =>
                    memberTicketsPdf(slug, order.id),
                  )
                }
              >
                {t("ticketing.member.downloadTickets")}
              </Button>
            )}
            {order.documents.map((document) => (
              <Button
                key={document.id}
                variant="default"
                fullWidth
                styles={wrapping}
                loading={busy === document.id}
                onClick={() =>
                  download(document.id, `${document.number}.pdf`, () => memberDocumentPdf(slug, order.id, document.id))
                }
              >
                {t(`ticketing.member.${document.kind}`, { number: document.number })}
              </Button>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** Tickets bought for the guest by someone else: the PDF of their order prints the guest's own tickets only. */
function HeldTickets({ tickets, download: { busy, download } }: { tickets: HeldTicket[]; download: Download }) {
  const { t } = useTranslation();
  const slug = useEventSlug();
  return (
    <Card withBorder radius="md" component="article" aria-labelledby="member-held-tickets">
      <Title order={3} size="h5" id="member-held-tickets" mb="xs">
        {t("ticketing.member.heldTitle")}
      </Title>
      <Stack component="ul" gap="xs" p={0} m={0} style={plainList}>
        {tickets.map((ticket) => (
          <Group component="li" key={ticket.id} justify="space-between" gap="xs">
            <Group gap="xs">
              <Text td={ticket.refunded ? "line-through" : undefined}>{ticket.caption}</Text>
              {ticket.refunded && (
                <Text size="sm" c="red.9">
                  {t("ticketing.member.itemRefunded")}
                </Text>
              )}
              {ticket.testMode && <TestBadge />}
            </Group>
            {ticket.ticketsPrintable && (
              <Button
                variant="light"
                aria-label={t("ticketing.member.downloadHeldTicketOf", { caption: ticket.caption })}
                loading={busy === ticket.id}
                onClick={() =>
                  download(
                    ticket.id,
                    t("ticketing.member.ticketsFile", { reference: orderReference(ticket.orderId) }),
                    () => memberTicketsPdf(slug, ticket.orderId),
                  )
                }
              >
                {t("ticketing.member.downloadHeldTicket")}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

import { Alert, Anchor, Group, List, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { CustomField, Guest } from "../../../contract/guests";
import { useAdminContext } from "../../ui/admin-context";
import { useCustomFields } from "../../ui/custom-fields.queries";
import { formatDateTime } from "../../ui/date-format";
import { eventPageQueries } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { GuestBadgeButton } from "../ebadges/GuestBadgeButton";
import { GuestEditForm } from "./GuestEditForm";
import { GuestMailHistory } from "./GuestMailHistory";
import { GuestOrdersTab } from "./GuestOrdersTab";
import { GuestStatusBadge } from "./GuestStatusBadge";
import { formatCustomValue, guestName } from "./guest-format";
import { useGuest } from "./guests.queries";

export function GuestDetailPage() {
  const { t } = useTranslation();
  const { eventId = "", guestId = "" } = useParams();
  const { can, accountId } = useAdminContext();
  const adminPath = useAdminPath();
  const query = useGuest(eventId, guestId);
  const name = query.data ? guestName(query.data, t("guests.unnamed")) : t("guests.detail.title");
  usePageTitle(name);
  const page = eventPageQueries(query, useCustomFields(eventId));
  if (!page.answers) return page.placeholder;
  const [guest, fields] = page.answers;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={adminPath(`/events/${eventId}/guests`)} size="sm" c="blue.8">
        ← {t("guests.list.title")}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm" align="center">
          <Title order={1} style={{ overflowWrap: "anywhere" }}>
            {name}
          </Title>
          <GuestStatusBadge status={guest.status} />
        </Group>
        <GuestBadgeButton eventId={eventId} guestId={guestId} guestName={name} />
      </Group>
      <Tabs defaultValue="overview">
        <Tabs.List>
          <Tabs.Tab value="overview">{t("guests.detail.tabs.overview")}</Tabs.Tab>
          <Tabs.Tab value="companions">{t("guests.detail.tabs.companions")}</Tabs.Tab>
          <Tabs.Tab value="orders">{t("guests.detail.tabs.orders")}</Tabs.Tab>
          <Tabs.Tab value="edit">{t("guests.detail.tabs.edit")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <GuestOverview guest={guest} fields={fields} />
          <GuestMailHistory accountId={accountId} eventId={eventId} guestId={guestId} />
        </Tabs.Panel>
        <Tabs.Panel value="companions" pt="md">
          <GuestCompanions guest={guest} />
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="md">
          <GuestOrdersTab eventId={eventId} guestId={guestId} />
        </Tabs.Panel>
        <Tabs.Panel value="edit" pt="md">
          {!can("events.update") && (
            <Alert color="blue" variant="light" mb="md">
              {t("guests.detail.readOnly")}
            </Alert>
          )}
          <GuestEditForm key={guest.updatedAt} guest={guest} fields={fields} readOnly={!can("events.update")} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={600} c="gray.7" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
        {children || "—"}
      </Text>
    </div>
  );
}

function GuestOverview({ guest, fields }: { guest: Guest; fields: CustomField[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="lg">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} m={0}>
        <Detail label={t("guests.fields.civility")}>{guest.civility && t(`guests.civility.${guest.civility}`)}</Detail>
        <Detail label={t("guests.fields.email")}>{guest.email}</Detail>
        <Detail label={t("guests.fields.phone")}>{guest.phone}</Detail>
        <Detail label={t("guests.fields.company")}>{guest.company}</Detail>
        <Detail label={t("guests.fields.jobTitle")}>{guest.jobTitle}</Detail>
        <Detail label={t("guests.fields.mailStatus")}>
          {guest.mailStatus && t(`guests.mailStatus.${guest.mailStatus}`)}
        </Detail>
        <Detail label={t("guests.fields.registered")}>
          {guest.registeredAt
            ? t("guests.detail.registeredAt", { date: formatDateTime(guest.registeredAt, i18n.language) })
            : t(guest.registered ? "common.yes" : "common.no")}
        </Detail>
        <Detail label={t("guests.fields.prescriber")}>{guest.prescriber}</Detail>
        <Detail label={t("guests.fields.createdSource")}>{t(`guests.sources.${guest.createdSource}`)}</Detail>
        <Detail label={t("guests.columns.createdAt")}>{formatDateTime(guest.createdAt, i18n.language)}</Detail>
        <Detail label={t("guests.fields.updatedAt")}>{formatDateTime(guest.updatedAt, i18n.language)}</Detail>
        <Detail label={t("guests.fields.godfather")}>
          {guest.godfatherId && <GuestLink eventId={guest.eventId} guestId={guest.godfatherId} />}
        </Detail>
        <Detail label={t("guests.fields.godsons")}>
          {guest.godsonIds.length > 0 && <GuestLinks eventId={guest.eventId} ids={guest.godsonIds} />}
        </Detail>
        <Detail label={t("guests.fields.host")}>
          {guest.hostId && <GuestLink eventId={guest.eventId} guestId={guest.hostId} />}
        </Detail>
      </SimpleGrid>
      {fields.length > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("guests.customFields.title")}
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} m={0}>
            {fields.map((field) => (
              <Detail key={field.id} label={field.name}>
                {field.type === "file"
                  ? guest.customFields[field.id] && t("guests.customFields.fileStored")
                  : formatCustomValue(field, guest.customFields[field.id], i18n.language)}
              </Detail>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

function GuestCompanions({ guest }: { guest: Guest }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} m={0}>
        <Detail label={t("guests.fields.companionsExpected")}>{String(guest.companionsExpected)}</Detail>
        <Detail label={t("guests.fields.namelessCompanions")}>{String(guest.namelessCompanions)}</Detail>
      </SimpleGrid>
      <Title order={2} size="h4">
        {t("guests.detail.namedCompanions")}
      </Title>
      {guest.companionIds.length === 0 ? (
        <Text c="gray.7">{t("guests.detail.noCompanions")}</Text>
      ) : (
        <GuestLinks eventId={guest.eventId} ids={guest.companionIds} />
      )}
    </Stack>
  );
}

function GuestLinks({ eventId, ids }: { eventId: string; ids: string[] }) {
  return (
    <List spacing={4} listStyleType="none" p={0}>
      {ids.map((id) => (
        <List.Item key={id}>
          <GuestLink eventId={eventId} guestId={id} />
        </List.Item>
      ))}
    </List>
  );
}

/** A link to a related guest, named once their record has loaded. */
function GuestLink({ eventId, guestId }: { eventId: string; guestId: string }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const guest = useGuest(eventId, guestId);
  return (
    <Anchor component={Link} to={adminPath(`/events/${eventId}/guests/${guestId}`)} c="blue.8">
      {guest.data ? guestName(guest.data, t("guests.unnamed")) : t("guests.detail.relatedGuest")}
    </Anchor>
  );
}

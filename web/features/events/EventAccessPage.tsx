import { Alert, Anchor, Badge, Button, Group, Select, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { EventAccess } from "../../../contract/events";
import { useAdminContext } from "../../ui/admin-context";
import { useAlert, useAlertError } from "../../ui/alert";
import { eventPageQueries } from "../../ui/event-page-queries";
import { useAdminPath } from "../../ui/language-scope";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAdministrators, useTeams } from "../accounts/accounts.queries";
import { EventSection } from "./EventSection";
import { useChangeEventAccess, useEvent, useEventAccess } from "./events.queries";

type Person = { firstName: string; lastName: string; email: string };
const fullName = (person: Person) => `${person.firstName} ${person.lastName}`.trim() || person.email;

/** Who can reach one event: organizers given it one by one or through a team, and those teams. */
export function EventAccessPage() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const adminPath = useAdminPath();
  const { can } = useAdminContext();
  const event = useEvent(eventId);
  usePageTitle(event.data ? t("events.access.pageTitle", { name: event.data.name }) : t("events.access.title"));
  const page = eventPageQueries(event, useEventAccess(eventId));
  if (!page.answers) return page.placeholder;
  const [{ name }, access] = page.answers;
  const editable = can("events.share");
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={adminPath(`/events/${eventId}`)} size="sm" c="blue.8">
        ← {t("events.access.back", { name })}
      </Anchor>
      <Stack gap={4}>
        <Title order={1}>{t("events.access.title")}</Title>
        <Text c="gray.7">{t("events.access.subtitle", { name })}</Text>
      </Stack>
      {!editable && (
        <Alert color="blue" variant="light">
          {t("events.access.readOnly")}
        </Alert>
      )}
      <OrganizersAccess eventId={eventId} access={access} editable={editable} />
      <TeamsAccess eventId={eventId} access={access} editable={editable} />
    </Stack>
  );
}

type SectionProps = { eventId: string; access: EventAccess; editable: boolean };

/** Runs one grant or removal, with a notification or the server's reason (e.g. access through a team) in the banner. */
function useAccessChange(eventId: string) {
  const { t } = useTranslation();
  const { clearAlert } = useAlert();
  const report = useAlertError();
  const change = useChangeEventAccess(eventId);
  const run = (kind: "administrator" | "team", id: string, grant: boolean, onDone?: () => void) => {
    clearAlert();
    change.mutate(
      { kind, id, grant },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t(grant ? "events.access.granted" : "events.access.revoked") });
          onDone?.();
        },
        onError: report,
      },
    );
  };
  return { run, pending: change.isPending, pendingId: change.isPending ? change.variables?.id : undefined };
}

function OrganizersAccess({ eventId, access, editable }: SectionProps) {
  const { t } = useTranslation();
  const { accountId } = useAdminContext();
  const organizers = useAdministrators({ accountId, limit: 200, offset: 0 });
  const { run, pending, pendingId } = useAccessChange(eventId);
  const [picked, setPicked] = useState<string | null>(null);
  const withAccess = new Set(access.administrators.map((admin) => admin.id));
  // Overseers reach every event already; offering them would add nothing.
  const candidates = (organizers.data?.items ?? []).filter(
    (admin) => !withAccess.has(admin.id) && admin.role !== null && admin.role !== "overseer",
  );

  return (
    <EventSection title={t("events.access.organizers")}>
      {access.administrators.length === 0 ? (
        <Text c="gray.7">{t("events.access.noOrganizers")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("events.access.columns.name")}</Table.Th>
                <Table.Th scope="col">{t("events.access.columns.role")}</Table.Th>
                <Table.Th scope="col">{t("events.access.columns.access")}</Table.Th>
                {editable && <Table.Th scope="col">{t("common.actions")}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {access.administrators.map((admin) => (
                <Table.Tr key={admin.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {fullName(admin)}
                    </Text>
                    <Text size="sm" c="gray.7" style={{ wordBreak: "break-all" }}>
                      {admin.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`events.access.roles.${admin.role}`)}</Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      {admin.direct && (
                        <Badge variant="light" color="blue" c="blue.9">
                          {t("events.access.direct")}
                        </Badge>
                      )}
                      {admin.viaTeams.map((team) => (
                        <Badge key={team.id} variant="light" color="gray" c="gray.8" tt="none">
                          {t("events.access.viaTeam", { name: team.name })}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  {editable && (
                    <Table.Td>
                      <RemoveButton
                        name={fullName(admin)}
                        loading={pendingId === admin.id}
                        onClick={() => run("administrator", admin.id, false)}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editable && (
        <AddRow
          label={t("events.access.addOrganizer")}
          placeholder={t("events.access.pickOrganizer")}
          empty={t("events.access.noOtherOrganizer")}
          data={candidates.map((admin) => ({ value: admin.id, label: `${fullName(admin)} (${admin.email})` }))}
          value={picked}
          onChange={setPicked}
          pending={pending && pendingId === picked}
          onAdd={(id) => run("administrator", id, true, () => setPicked(null))}
        />
      )}
      <Text size="sm" c="gray.7">
        {t("events.access.overseersNote")}
      </Text>
    </EventSection>
  );
}

function TeamsAccess({ eventId, access, editable }: SectionProps) {
  const { t } = useTranslation();
  const { accountId } = useAdminContext();
  const teams = useTeams(accountId);
  const { run, pending, pendingId } = useAccessChange(eventId);
  const [picked, setPicked] = useState<string | null>(null);
  const withAccess = new Set(access.teams.map((team) => team.id));
  const candidates = (teams.data?.items ?? []).filter((team) => !withAccess.has(team.id));

  return (
    <EventSection title={t("events.access.teams")}>
      {access.teams.length === 0 ? (
        <Text c="gray.7">{t("events.access.noTeams")}</Text>
      ) : (
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("events.access.columns.team")}</Table.Th>
              {editable && (
                <Table.Th scope="col" w={140}>
                  {t("common.actions")}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {access.teams.map((team) => (
              <Table.Tr key={team.id}>
                <Table.Td>{team.name}</Table.Td>
                {editable && (
                  <Table.Td>
                    <RemoveButton
                      name={team.name}
                      loading={pendingId === team.id}
                      onClick={() => run("team", team.id, false)}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editable && (
        <AddRow
          label={t("events.access.addTeam")}
          placeholder={t("events.access.pickTeam")}
          empty={t("events.access.noOtherTeam")}
          data={candidates.map((team) => ({ value: team.id, label: team.name }))}
          value={picked}
          onChange={setPicked}
          pending={pending && pendingId === picked}
          onAdd={(id) => run("team", id, true, () => setPicked(null))}
        />
      )}
    </EventSection>
  );
}

type AddRowProps = {
  label: string;
  placeholder: string;
  empty: string;
  data: { value: string; label: string }[];
  value: string | null;
  onChange(value: string | null): void;
  pending: boolean;
  onAdd(id: string): void;
};

function AddRow({ label, placeholder, empty, data, value, onChange, pending, onAdd }: AddRowProps) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={label}
        placeholder={data.length === 0 ? empty : placeholder}
        data={data}
        value={value}
        onChange={onChange}
        searchable
        clearable
        disabled={data.length === 0}
        nothingFoundMessage={empty}
        style={{ flex: "1 1 260px" }}
      />
      <Button onClick={() => value && onAdd(value)} disabled={!value} loading={pending}>
        {t("events.access.add")}
      </Button>
    </Group>
  );
}

/** Removes one organizer or team from the event; named for screen readers, as a table holds several. */
function RemoveButton({ name, loading, onClick }: { name: string; loading: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      color="red"
      c="red.9"
      size="compact-sm"
      aria-label={t("events.access.removeNamed", { name })}
      loading={loading}
      onClick={onClick}
    >
      {t("events.access.remove")}
    </Button>
  );
}

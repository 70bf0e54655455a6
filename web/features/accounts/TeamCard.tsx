import { ActionIcon, Badge, Button, Card, Group, List, Menu, Select, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Administrator, type Team, teamBody } from "../../../contract/accounts";
import { useAlert } from "../../ui/alert";
import { useAddTeamMember, useDeleteTeam, useRemoveTeamMember, useRenameTeam } from "./accounts.queries";
import { personName } from "./format";
import { NameModal } from "./NameModal";
import { ConfirmModal } from "./page-parts";

/** One team: its members, and for those who manage teams the controls to change it. */
export function TeamCard({
  accountId,
  team,
  organizers,
  manage,
}: {
  accountId: string;
  team: Team;
  organizers: Administrator[];
  manage: boolean;
}) {
  const { t } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const [candidate, setCandidate] = useState<string | null>(null);
  const rename = useRenameTeam(accountId);
  const remove = useDeleteTeam(accountId);
  const addMember = useAddTeamMember(accountId);
  const removeMember = useRemoveTeamMember(accountId);

  const memberIds = new Set(team.members.map((member) => member.id));
  const candidates = organizers
    .filter((organizer) => !memberIds.has(organizer.id))
    .map((organizer) => ({ value: organizer.id, label: personName(organizer) }));
  const fail = (error: Error) => showAlert(error.message);

  const add = () => {
    if (!candidate) return;
    clearAlert();
    addMember.mutate({ teamId: team.id, adminId: candidate }, { onSuccess: () => setCandidate(null), onError: fail });
  };
  const closeDelete = () => {
    setDialog(null);
    remove.reset();
  };
  const confirmDelete = () =>
    remove.mutate(team.id, {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("accounts.teams.deleted", { name: team.name }) });
        closeDelete();
      },
    });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={team.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {team.name}
            </Title>
            <Group gap="xs">
              <Badge variant="outline" color="blue.9" tt="none">
                {t("accounts.teams.members", { count: team.members.length })}
              </Badge>
              <Badge variant="outline" color="gray.8" tt="none">
                {t("accounts.teams.events", { count: team.eventCount })}
              </Badge>
            </Group>
          </Stack>
          {manage && (
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  aria-label={t("accounts.teams.actionsFor", { name: team.name })}
                >
                  <span aria-hidden>⋯</span>
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setDialog("rename")}>{t("accounts.teams.rename")}</Menu.Item>
                <Menu.Item color="red" c="red.9" onClick={() => setDialog("delete")}>
                  {t("accounts.teams.delete")}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>

        {team.members.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t("accounts.teams.noMembers")}
          </Text>
        ) : (
          <List listStyleType="none" spacing={4} aria-label={t("accounts.teams.membersOf", { name: team.name })}>
            {team.members.map((member) => (
              <List.Item key={member.id}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate>
                    {personName(member)}
                  </Text>
                  {manage && (
                    <Button
                      variant="subtle"
                      color="red"
                      c="red.9"
                      size="compact-xs"
                      loading={removeMember.isPending && removeMember.variables?.adminId === member.id}
                      aria-label={t("accounts.teams.removeMember", { name: personName(member), team: team.name })}
                      onClick={() => {
                        clearAlert();
                        removeMember.mutate({ teamId: team.id, adminId: member.id }, { onError: fail });
                      }}
                    >
                      {t("accounts.teams.removeShort")}
                    </Button>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}

        {manage && (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Select
              label={t("accounts.teams.addMember")}
              placeholder={candidates.length === 0 ? t("accounts.teams.nobodyToAdd") : undefined}
              data={candidates}
              value={candidate}
              onChange={setCandidate}
              searchable
              disabled={candidates.length === 0}
              style={{ flex: 1 }}
            />
            <Button variant="light" onClick={add} disabled={!candidate} loading={addMember.isPending}>
              {t("accounts.teams.add")}
            </Button>
          </Group>
        )}
      </Stack>

      {dialog === "rename" && (
        <NameModal
          opened
          title={t("accounts.teams.rename")}
          label={t("accounts.teams.name")}
          submitLabel={t("common.save")}
          schema={teamBody}
          initialName={team.name}
          onClose={() => setDialog(null)}
          onSubmit={(name) => rename.mutateAsync({ teamId: team.id, name })}
        />
      )}
      <ConfirmModal
        opened={dialog === "delete"}
        title={t("accounts.teams.delete")}
        confirmLabel={t("common.delete")}
        onConfirm={confirmDelete}
        onClose={closeDelete}
        loading={remove.isPending}
        error={remove.error?.message}
      >
        <Text>{t("accounts.teams.deleteConfirm", { name: team.name, count: team.eventCount })}</Text>
      </ConfirmModal>
    </Card>
  );
}

import { ActionIcon, Badge, Group, Menu, Select, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Administrator } from "../../../contract/accounts";
import type { AccountRole } from "../../../contract/auth";
import { useAlert } from "../../ui/alert";
import { useSetMemberRole } from "./accounts.queries";
import { useRoleOptions } from "./form-fields";
import { personName, useFormatDateTime } from "./format";

/** One organizer of the account: the role is a Select for those who manage organizers, plain text for the others. */
export function OrganizerRow({
  accountId,
  organizer,
  manage,
  onResend,
  onRemove,
}: {
  accountId: string;
  organizer: Administrator;
  manage: boolean;
  onResend: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { showAlert, clearAlert } = useAlert();
  const formatDateTime = useFormatDateTime();
  const roleOptions = useRoleOptions();
  const setRole = useSetMemberRole(accountId);
  const name = personName(organizer);

  const changeRole = (role: AccountRole) => {
    clearAlert();
    setRole.mutate({ id: organizer.id, role }, { onError: (error) => showAlert(error.message) });
  };

  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            {!organizer.registered && (
              <Badge variant="dot" color="orange" tt="none">
                {t("accounts.organizers.pending")}
              </Badge>
            )}
          </Group>
          {name !== organizer.email && (
            <Text size="sm" c="gray.7">
              {organizer.email}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td data-label={t("accounts.organizers.role")}>
        {manage && organizer.role ? (
          <Select
            aria-label={t("accounts.organizers.roleOf", { name })}
            size="xs"
            w={160}
            data={roleOptions}
            value={organizer.role}
            allowDeselect={false}
            disabled={setRole.isPending}
            onChange={(value) => value && value !== organizer.role && changeRole(value as AccountRole)}
          />
        ) : (
          organizer.role && t(`accounts.roles.${organizer.role}.label`)
        )}
      </Table.Td>
      <Table.Td data-label={t("accounts.organizers.teams")}>
        {organizer.teams.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t("common.none")}
          </Text>
        ) : (
          <Group gap={4}>
            {organizer.teams.map((team) => (
              <Badge key={team.id} variant="outline" color="gray.8" tt="none">
                {team.name}
              </Badge>
            ))}
          </Group>
        )}
      </Table.Td>
      <Table.Td data-label={t("accounts.organizers.lastLogin")}>
        {organizer.lastLoginAt ? formatDateTime(organizer.lastLoginAt) : t("accounts.organizers.neverSignedIn")}
      </Table.Td>
      {manage && (
        <Table.Td>
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray.8" aria-label={t("accounts.organizers.actionsFor", { name })}>
                <span aria-hidden>⋯</span>
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {!organizer.registered && <Menu.Item onClick={onResend}>{t("accounts.organizers.resend")}</Menu.Item>}
              <Menu.Item color="red" c="red.9" onClick={onRemove}>
                {t("accounts.organizers.remove")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

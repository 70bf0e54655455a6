import { Button, EmptyState, SimpleGrid } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { teamBody } from "../../../contract/accounts";
import { useAdminContext } from "../../ui/admin-context";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAdministrators, useCreateTeam, useTeams } from "./accounts.queries";
import { NameModal } from "./NameModal";
import { PageHeader, QueryStatus } from "./page-parts";
import { TeamCard } from "./TeamCard";

/** /admin/account/teams: groups of organizers that events are shared with at once. */
export function TeamsPage() {
  const { t } = useTranslation();
  const { accountId, can } = useAdminContext();
  usePageTitle(t("accounts.teams.pageTitle"));
  const manage = can("teams.manage");
  const [creating, creation] = useDisclosure();
  const teams = useTeams(accountId);
  // The candidates for "add a member"; an account rarely has more organizers than one page holds.
  const organizers = useAdministrators({ accountId, limit: 200, offset: 0 });
  const create = useCreateTeam(accountId);

  const createButton = manage && <Button onClick={creation.open}>{t("accounts.teams.create")}</Button>;
  return (
    <>
      <PageHeader
        title={t("accounts.teams.pageTitle")}
        description={t("accounts.teams.intro")}
        // While there is no team, the empty state below carries the one button.
        actions={teams.data?.items.length !== 0 && createButton}
      />
      <QueryStatus isFetching={teams.isFetching} error={teams.error} />
      {teams.data &&
        (teams.data.items.length === 0 ? (
          <EmptyState title={t("accounts.teams.emptyTitle")} description={t("accounts.teams.emptyText")} py="xl">
            {createButton}
          </EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {teams.data.items.map((team) => (
              <TeamCard
                key={team.id}
                accountId={accountId}
                team={team}
                organizers={organizers.data?.items ?? []}
                manage={manage}
              />
            ))}
          </SimpleGrid>
        ))}
      {manage && (
        <NameModal
          opened={creating}
          title={t("accounts.teams.create")}
          label={t("accounts.teams.name")}
          submitLabel={t("common.create")}
          schema={teamBody}
          onClose={creation.close}
          onSubmit={(name) =>
            create
              .mutateAsync(name)
              .then(() => notifications.show({ color: "green", message: t("accounts.teams.created", { name }) }))
          }
        />
      )}
    </>
  );
}

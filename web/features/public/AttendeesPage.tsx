import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadingLine } from "../../ui/LoadingLine";
import { PageLinks } from "../../ui/PageLinks";
import { useMemberSession } from "../../ui/public-layout/member-session";
import { useEventSlug, usePublicBase } from "../../ui/public-layout/public-event.queries";
import { usePageTitle } from "../../ui/usePageTitle";
import { attendeesPageSize, useAttendees } from "./public.queries";

/** Who else comes, for the event's signed-in guests when the organizer publishes the list. */
export function AttendeesPage() {
  const { t } = useTranslation();
  const slug = useEventSlug();
  const base = usePublicBase();
  const { signedIn } = useMemberSession(slug);
  const [page, setPage] = useState(1);
  const attendees = useAttendees(slug, page, signedIn);
  usePageTitle(t("public.attendees.title"));

  return (
    <Stack>
      <Title order={1} size="h2">
        {t("public.attendees.title")}
      </Title>
      {!signedIn ? (
        <Text>
          {t("public.attendees.signInFirst")}{" "}
          <Anchor component={Link} to={`${base}/member`}>
            {t("public.attendees.signIn")}
          </Anchor>
        </Text>
      ) : attendees.isPending ? (
        <LoadingLine />
      ) : attendees.isError ? (
        <Text role="alert">{attendees.error.message}</Text>
      ) : (
        <>
          <Text c="gray.8">{t("public.attendees.count", { count: attendees.data.total })}</Text>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("public.attendees.name")}</Table.Th>
                <Table.Th>{t("public.attendees.company")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {attendees.data.items.map((attendee, index) => (
                // Attendees have no public id; within one page their position is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Table.Tr key={index}>
                  <Table.Td>{`${attendee.firstName} ${attendee.lastName}`.trim()}</Table.Td>
                  <Table.Td>{attendee.company}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <PageLinks
            label={t("public.attendees.pages")}
            pages={Math.ceil(attendees.data.total / attendeesPageSize)}
            page={page}
            onChange={setPage}
            pageLabel={(number) => t("public.attendees.page", { page: number })}
          />
        </>
      )}
      <Anchor component={Link} to={`${base}/member`}>
        {t("public.attendees.back")}
      </Anchor>
    </Stack>
  );
}

import { Alert, Card, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadingLine } from "../../ui/LoadingLine";
import { PageLinks } from "../../ui/PageLinks";

type PagedQuery = { isFetching: boolean; isError: boolean; error: Error | null; data?: { total: number } };

/**
 * The states every paged review list goes through: loading line, error banner, empty card, then the count, the
 * rows and the page links.
 */
export function PagedListStates(props: {
  query: PagedQuery;
  emptyText: string;
  totalText: string;
  paginationLabel: string;
  page: number;
  pages: number;
  onPage(page: number): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = props;
  return (
    <>
      {query.isFetching && <LoadingLine />}
      {query.isError ? (
        <Alert color="red" role="alert" variant="light">
          {query.error?.message}
        </Alert>
      ) : query.data && query.data.total === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Text ta="center" fw={600}>
            {props.emptyText}
          </Text>
        </Card>
      ) : (
        query.data && (
          <>
            <Text fw={600} aria-live="polite">
              {props.totalText}
            </Text>
            {props.children}
            <PageLinks
              label={props.paginationLabel}
              pages={props.pages}
              page={props.page}
              onChange={props.onPage}
              pageLabel={(page) => t("guests.list.page", { page })}
            />
          </>
        )
      )}
    </>
  );
}

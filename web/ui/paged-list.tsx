import { Alert, Card, Text, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadingLine } from "./LoadingLine";
import { PageLinks } from "./PageLinks";

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

/**
 * The page and the typed search of a paged list: the search reaches the server once typing pauses, and a new search or
 * filter starts again from the first page. `window` is the page's limit and offset for the query.
 */
export function usePagedSearch(pageSize: number) {
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const search = useDebouncedCallback((value: string) => {
    setQuery(value.trim());
    setPage(1);
  }, 350);
  return {
    /** The search as sent to the server (trimmed), or "" for none. */
    query,
    page,
    window: { limit: pageSize, offset: (page - 1) * pageSize },
    /** Call when a filter changes: its results start on their first page. */
    toFirstPage: () => setPage(1),
    /** The page props of PagedListStates for a list of `total` items. */
    pageLinks: (total: number) => ({ page, pages: Math.ceil(total / pageSize), onPage: setPage }),
    field: {
      value: typed,
      onChange: (value: string) => {
        setTyped(value);
        search(value);
      },
    },
  };
}

/** The search box of a paged list (usePagedSearch's `field`). */
export function SearchField({
  field,
  placeholder,
}: {
  field: ReturnType<typeof usePagedSearch>["field"];
  placeholder: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      label={t("common.search")}
      placeholder={placeholder}
      value={field.value}
      onChange={(change) => field.onChange(change.currentTarget.value)}
    />
  );
}

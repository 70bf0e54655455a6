import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Language } from "../../../contract/languages";
import { useAdminContext } from "../../ui/admin-context";

type Scope = { account: string; event: string };
type List<Item> = { items: Item[] };

/**
 * The calls every ordered content kind answers (contract/ordered-content.ts: speakers, partners, programs…), as
 * clientOf gives them for the kind's endpoint group. Method syntax on purpose: each kind's client takes its own,
 * narrower inputs.
 */
export type OrderedContentApi<Item, Body> = {
  list(input: { params: Scope; query: { expand?: string; language?: Language } }): Promise<List<Item>>;
  /** Absent for a kind whose items come from an upload (documents, photos). */
  create?(input: { params: Scope; body: Body }): Promise<Item>;
  /** A kind whose items come from an upload: one file per call, with its progress. */
  upload?(input: { params: Scope; body: FormData; onUploadProgress(fraction: number): void }): Promise<Item>;
  update(input: { params: Scope & { id: string }; body: Body }): Promise<Item>;
  remove(input: { params: Scope & { id: string } }): Promise<unknown>;
  reorder(input: { params: Scope; body: { ids: string[]; language?: Language } }): Promise<List<Item>>;
};

/** Where a kind's lists sit in the cache (every list of the kind under one key) and the scope of its calls. */
function useScope(kind: string, eventId: string) {
  const { accountId } = useAdminContext();
  return { key: ["content", accountId, eventId, kind] as const, scope: { account: accountId, event: eventId } };
}

/** A change to a kind's content, after which its lists are fetched again. */
function useChange<Input, Answer>(
  kind: string,
  eventId: string,
  change: (scope: Scope, input: Input) => Promise<Answer>,
) {
  const { key, scope } = useScope(kind, eventId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => change(scope, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * The TanStack Query hooks of one ordered kind of an event's content: its list, saving one item (creating it when it
 * has no id yet), deleting one and reordering them. A kind listed per language (programs) is given the language of
 * the list shown: its list and its reorder carry it. Every change refetches all the kind's lists.
 */
export function orderedContentQueries<Item extends { id: string }, Body>(
  kind: string,
  api: OrderedContentApi<Item, Body>,
  /** What the list expands: each item's image (`photo`, `logo`), which the page shows as a thumbnail. */
  expand: string,
) {
  return {
    /** The list, in its order. */
    useList(eventId: string, language?: Language) {
      const { key, scope } = useScope(kind, eventId);
      return useQuery({
        queryKey: [...key, language ?? null],
        queryFn: () => api.list({ params: scope, query: { expand, ...(language && { language }) } }),
      });
    },
    useSave: (eventId: string) =>
      useChange(kind, eventId, (scope, { id, body }: { id?: string; body: Body }) => {
        if (id) return api.update({ params: { ...scope, id }, body });
        if (!api.create) throw new Error(`${kind} are uploaded, never created from a form`);
        return api.create({ params: scope, body });
      }),
    /** Sends one upload (a document, a photo) with its progress; the lists are fetched again once it is in or refused. */
    useUpload(eventId: string) {
      const { key, scope } = useScope(kind, eventId);
      const queryClient = useQueryClient();
      return async (body: FormData, onUploadProgress: (fraction: number) => void) => {
        if (!api.upload) throw new Error(`${kind} take no upload`);
        try {
          return await api.upload({ params: scope, body, onUploadProgress });
        } finally {
          await queryClient.invalidateQueries({ queryKey: key });
        }
      };
    },
    useRemove: (eventId: string) =>
      useChange(kind, eventId, (scope, id: string) => api.remove({ params: { ...scope, id } })),
    useReorder: (eventId: string, language?: Language) =>
      useChange(kind, eventId, (scope, ids: string[]) =>
        api.reorder({ params: scope, body: { ids, ...(language && { language }) } }),
      ),
  };
}

export type OrderedContentQueries<Item extends { id: string }, Body> = ReturnType<
  typeof orderedContentQueries<Item, Body>
>;

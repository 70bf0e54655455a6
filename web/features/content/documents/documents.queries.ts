import routeTable from "virtual:endpoint-routes";
import type { DocumentBody, EventDocument } from "../../../../contract/documents";
import { clientOf } from "../../../api/client";
import { orderedContentQueries } from "../ordered-content.queries";

const api = clientOf(routeTable.documentsEndpoints);

/** The event's documents: uploaded one file per request, then renamed, moved or deleted like any ordered content. */
export const documentsQueries = orderedContentQueries<EventDocument, DocumentBody>(
  "documents",
  // A document's list expands nothing: the query's empty `expand` is left out of the address.
  {
    list: ({ params }) => api.list({ params }),
    update: api.update,
    remove: api.remove,
    reorder: api.reorder,
    upload: api.upload,
  },
  "",
);

import {
  customFieldTargetPrefix,
  type ImportMapping,
  type ImportProgress,
  type ImportStartBody,
  type UploadedImport,
} from "../../contract/guest-imports";
import { api } from "./client";
import { scope } from "./guests";

export const customFieldTarget = (fieldId: string) => `${customFieldTargetPrefix}${fieldId}`;

const imports = (accountId: string, eventId: string) => `${scope(accountId, eventId)}/imports`;

/** The import wizard's endpoints: upload, start with a mapping, follow the job, download the refused rows. */
export const guestImportsApi = {
  upload: (accountId: string, eventId: string, file: File, hasHeaders: boolean) => {
    const form = new FormData();
    form.append("file", file);
    return api.upload<UploadedImport>(imports(accountId, eventId), form, { "x-has-headers": hasHeaders ? "1" : "0" });
  },
  start: (accountId: string, eventId: string, importId: string, body: ImportStartBody) =>
    api.post<ImportProgress>(`${imports(accountId, eventId)}/${importId}/start`, body),
  get: (accountId: string, eventId: string, importId: string) =>
    api.get<ImportProgress>(`${imports(accountId, eventId)}/${importId}`),
  report: (accountId: string, eventId: string, importId: string) =>
    api.download(`${imports(accountId, eventId)}/${importId}/report`),
};

export type { ImportMapping, ImportProgress, UploadedImport };

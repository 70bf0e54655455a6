/** When a message arrived, in the reader's language: "5 Mar 2026, 14:05". */
export const formatReceived = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: "medium", timeStyle: "short" });

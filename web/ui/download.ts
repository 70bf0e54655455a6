import { useState } from "react";
import { useAlert } from "./alert";

/** Hands a downloaded file to the browser as if it came from a link. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Downloads a file the API answers (fetched with the session: the routes need it, a plain link would not carry it)
 * and saves it as `name`; `busy` is the key of the download under way, and a failure shows in the page's alert.
 */
export function useDownload() {
  const { showAlert, clearAlert } = useAlert();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (key: string, name: string, load: () => Promise<Blob>) => {
    clearAlert();
    setBusy(key);
    try {
      saveFile(await load(), name);
    } catch (error) {
      showAlert(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

import { onlineManager } from "@tanstack/react-query";
import { type ComponentProps, useEffect, useMemo } from "react";
import { offlineDeviceClient } from "./offline-device-client";
import { OfflineStatus } from "./offline-status";
import { ScanScreen } from "./ScanScreen";

/** TanStack Query's own reading of the network: the browser's online and offline events. */
function browserNetwork(setOnline: (online: boolean) => void) {
  const online = () => setOnline(true);
  const offline = () => setOnline(false);
  window.addEventListener("online", online);
  window.addEventListener("offline", offline);
  return () => {
    window.removeEventListener("online", online);
    window.removeEventListener("offline", offline);
  };
}

/**
 * Makes the scan page an installable app that starts with no network: the service worker (built by vite-plugin-pwa,
 * scope /checkin/) and the manifest, for offline sessions only. Scans and searches are answered on the phone, so
 * nothing may wait for the network: TanStack Query would hold them back while the browser says it is offline.
 */
function useOfflineApp() {
  useEffect(() => {
    const manifest = Object.assign(document.createElement("link"), {
      rel: "manifest",
      href: "/checkin/manifest.webmanifest",
    });
    document.head.append(manifest);
    // The development server builds no worker. One worker serves /checkin/ and each language's /fr/checkin/: the
    // scope is the folder of this page.
    if (import.meta.env.PROD && "serviceWorker" in navigator) {
      const scope = window.location.pathname.replace(/[^/]*$/, "");
      navigator.serviceWorker.register("/checkin-sw.js", { scope }).catch(() => {});
    }
    onlineManager.setEventListener((setOnline) => {
      setOnline(true);
      return undefined;
    });
    return () => {
      manifest.remove();
      onlineManager.setEventListener(browserNetwork);
    };
  }, []);
}

type Props = Omit<ComponentProps<typeof ScanScreen>, "client" | "status">;

/** The scan screen of an offline session: answered from the phone's list, with what is left to upload. */
export function OfflineSession(props: Props) {
  const { token, session } = props;
  const door = session.name;
  useOfflineApp();
  const client = useMemo(() => offlineDeviceClient(token, { name: door }), [token, door]);
  useEffect(() => client.start(), [client]);
  return <ScanScreen {...props} client={client} status={<OfflineStatus client={client} session={session} />} />;
}

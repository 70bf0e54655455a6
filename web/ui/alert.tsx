import { Alert } from "@mantine/core";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";

type AlertState = { message: string; color: "red" | "green" | "blue"; pathname: string } | null;
type AlertContextValue = {
  alert: AlertState;
  showAlert(message: string, color?: "red" | "green" | "blue"): void;
  clearAlert(): void;
};

const AlertContext = createContext<AlertContextValue | null>(null);

/**
 * The page's alert banner. It is cleared on every path change (SPEC §2): an alert belongs to the path it was raised
 * on, so one raised by a page as it opens survives, and leaving the path drops it.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [raised, setRaised] = useState<AlertState>(null);
  const { pathname } = useLocation();
  const alert = raised?.pathname === pathname ? raised : null;
  const showAlert = useCallback(
    (message: string, color: "red" | "green" | "blue" = "red") => setRaised({ message, color, pathname }),
    [pathname],
  );
  const clearAlert = useCallback(() => setRaised(null), []);
  const value = useMemo(() => ({ alert, showAlert, clearAlert }), [alert, showAlert, clearAlert]);
  return <AlertContext.Provider value={value}>{children}</AlertContext.Provider>;
}

export function useAlert(): AlertContextValue {
  const value = useContext(AlertContext);
  if (!value) throw new Error("useAlert outside AlertProvider");
  return value;
}

/** Shows an error that names no field in the banner: the server's message, already in the reader's language. */
export function useAlertError() {
  const { showAlert } = useAlert();
  return useCallback(
    (error: unknown) => showAlert(error instanceof Error ? error.message : String(error)),
    [showAlert],
  );
}

export function AlertBanner() {
  const { alert, clearAlert } = useAlert();
  const banner = useRef<HTMLDivElement>(null);
  // On a long page the banner may sit above the fold: bring it into view when it appears.
  useEffect(() => {
    if (alert) banner.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [alert]);
  if (!alert) return null;
  return (
    <Alert ref={banner} color={alert.color} withCloseButton onClose={clearAlert} role="alert" mb="md" variant="light">
      {alert.message}
    </Alert>
  );
}

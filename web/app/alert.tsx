import { Alert } from "@mantine/core";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";

type AlertState = { message: string; color: "red" | "green" | "blue" } | null;
type AlertContextValue = {
  alert: AlertState;
  showAlert(message: string, color?: "red" | "green" | "blue"): void;
  clearAlert(): void;
};

const AlertContext = createContext<AlertContextValue | null>(null);

/** The page's alert banner. It is cleared on every path change (SPEC §2). */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<AlertState>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change itself is the trigger.
  useEffect(() => setAlert(null), [pathname]);
  const showAlert = useCallback(
    (message: string, color: "red" | "green" | "blue" = "red") => setAlert({ message, color }),
    [],
  );
  const clearAlert = useCallback(() => setAlert(null), []);
  const value = useMemo(() => ({ alert, showAlert, clearAlert }), [alert, showAlert, clearAlert]);
  return <AlertContext.Provider value={value}>{children}</AlertContext.Provider>;
}

export function useAlert(): AlertContextValue {
  const value = useContext(AlertContext);
  if (!value) throw new Error("useAlert outside AlertProvider");
  return value;
}

export function AlertBanner() {
  const { alert, clearAlert } = useAlert();
  if (!alert) return null;
  return (
    <Alert color={alert.color} withCloseButton onClose={clearAlert} role="alert" mb="md" variant="light">
      {alert.message}
    </Alert>
  );
}

import { MantineThemeProvider } from "@mantine/core";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";

/**
 * Names, in the page's language, for Mantine's buttons that show only an icon (WCAG 4.1.2): the × that clears an input
 * (a picked file, a date, a choice) and the × that closes a modal, drawer or notice. A button given its own name keeps it.
 */
export function AccessibleNames({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const clear = t("common.clear");
  const close = t("common.close");
  const names = useMemo(
    () => ({
      components: {
        InputClearButton: { defaultProps: { "aria-label": clear } },
        CloseButton: { defaultProps: { "aria-label": close } },
      },
    }),
    [clear, close],
  );
  return <MantineThemeProvider theme={names}>{children}</MantineThemeProvider>;
}

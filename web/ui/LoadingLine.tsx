import { Box } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./LoadingLine.module.css";

/** The thin line at the top of the window while a page or its data loads (SPEC §2). */
export function LoadingLine() {
  const { t } = useTranslation();
  return (
    <Box className={classes.track} role="progressbar" aria-label={t("app.loading")} aria-busy="true">
      <Box className={classes.bar} />
    </Box>
  );
}

import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Every page has its own title (WCAG 2.4.2): "<page> · <product>". */
export function usePageTitle(title: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t("app.productName")}`;
  }, [title, t]);
}

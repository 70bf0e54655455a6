import { createContext, useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";

const BrandedTitleContext = createContext(true);
/** Under `value={false}` (a white-labelled event's public pages), titles leave the platform's product name out. */
export const BrandedTitle = BrandedTitleContext.Provider;

/** Every page has its own title (WCAG 2.4.2): "<page> · <product>", or "<page>" without the platform's branding. */
export function usePageTitle(title: string) {
  const { t } = useTranslation();
  const branded = useContext(BrandedTitleContext);
  useEffect(() => {
    document.title = branded ? `${title} · ${t("app.productName")}` : title;
  }, [title, t, branded]);
}

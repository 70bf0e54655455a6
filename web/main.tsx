import "virtual:mantine-styles";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import type { Language } from "../contract/languages";
import { App } from "./app/App";
import { initErrorReporting } from "./app/error-reporting";
import i18n from "./i18n/i18n";
import { loadCatalogue } from "./ui/catalogues";

initErrorReporting();
const root = document.getElementById("root");
// The page's catalogue (its guest part: a back-office page's frame also asks for the organizer part) arrives beside the
// first page's code (the router asks for it as it is created). Should it fail, the page asks again and shows the error
// page.
void loadCatalogue(i18n.language as Language)
  .catch(() => {})
  .then(() => {
    if (root) {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    }
  });

import "@fontsource-variable/inter";
import "./index.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Toaster } from "./components/ui/toaster";
import { showCarriedToasts } from "./hooks/use-toast";
import { startAppLanguage } from "./lib/app-catalogues";
import { AuthProvider } from "./lib/auth";
import { LanguageProvider } from "./lib/i18n";
import { queryClient } from "./lib/query-client";
import { ServerSettingsSync } from "./lib/server-settings-sync";
import { ThemeProvider } from "./lib/theme";
import { router } from "./routes";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const root = createRoot(container);
void startAppLanguage().then(() => {
  root.render(
    <StrictMode>
      <LanguageProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <ThemeProvider>
              <ServerSettingsSync />
              <RouterProvider router={router} />
              <Toaster />
            </ThemeProvider>
          </AuthProvider>
        </QueryClientProvider>
      </LanguageProvider>
    </StrictMode>,
  );
  // "Login successful" from the login page, which ended with this page load.
  showCarriedToasts();
});

import "@fontsource-variable/inter";
import "./index.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Toaster } from "./components/ui/toaster";
import { AuthProvider } from "./lib/auth";
import { i18nReady } from "./lib/i18n";
import { queryClient } from "./lib/query-client";
import { ServerSettingsSync } from "./lib/server-settings-sync";
import { ThemeProvider } from "./lib/theme";
import { router } from "./routes";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const root = createRoot(container);
void i18nReady.then(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ThemeProvider>
            <ServerSettingsSync />
            <RouterProvider router={router} />
            <Toaster />
          </ThemeProvider>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);

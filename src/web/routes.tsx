import { createBrowserRouter } from "react-router";
import { LoadingScreen } from "./components/loading-screen";
import { RootLayout } from "./components/root-layout";
import { RouteError } from "./components/route-error";

/**
 * Every page and the signed-in layout are separate chunks, loaded on first visit, so the public pages
 * never download dashboard code.
 */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: LoadingScreen,
    children: [
      {
        path: "/login",
        lazy: async () => ({ Component: (await import("./pages/login")).LoginPage }),
      },
      {
        path: "/register",
        lazy: async () => ({ Component: (await import("./pages/register")).RegisterPage }),
      },
      {
        lazy: async () => ({ Component: (await import("./components/protected-layout")).ProtectedLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import("./pages/dashboard")).DashboardPage }),
          },
          {
            path: "/profile",
            lazy: async () => ({ Component: (await import("./pages/profile")).ProfilePage }),
          },
        ],
      },
      {
        path: "*",
        lazy: async () => ({ Component: (await import("./pages/not-found")).NotFoundPage }),
      },
    ],
  },
]);

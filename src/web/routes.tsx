import { createBrowserRouter } from "react-router";
import { LoadingScreen } from "./components/loading-screen";
import { RootLayout } from "./pages/layouts/root-layout";
import { RouteError } from "./pages/layouts/route-error";

/**
 * Every page and the signed-in layout are separate chunks, loaded on first visit. The pages the server
 * renders are not here: the shop pages (/s/{slug}, /products/{id}; src/web/features/shop) and the login and
 * sign-up pages (src/web/account). Links to them are page loads.
 */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: LoadingScreen,
    children: [
      {
        // decision 0005: quick-create is public; only saving the store needs an account, made inside the flow.
        path: "/quick-create",
        lazy: async () => ({
          Component: (await import("./features/quick-create")).QuickCreatePage,
        }),
      },
      {
        // decision 0066: opened from an e-mail, perhaps on another device; the link's token is the proof.
        path: "/confirm-contact-email",
        lazy: async () => ({
          Component: (await import("./pages/confirm-contact-email")).ConfirmContactEmailPage,
        }),
      },
      {
        lazy: async () => ({ Component: (await import("./pages/layouts/protected-layout")).ProtectedLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import("./pages/dashboard")).DashboardPage }),
          },
          {
            path: "/profile",
            lazy: async () => ({ Component: (await import("./pages/profile")).ProfilePage }),
          },
          {
            path: "/settings",
            lazy: async () => ({ Component: (await import("./pages/settings")).SettingsPage }),
          },
          {
            path: "/create-store",
            lazy: async () => ({ Component: (await import("./pages/stores/create-store")).CreateStorePage }),
          },
          {
            path: "/store-create",
            lazy: async () => ({ Component: (await import("./pages/stores/create-store")).CreateStorePage }),
          },
          {
            path: "/stores",
            lazy: async () => ({ Component: (await import("./pages/stores/store-list")).StoreListPage }),
          },
          {
            path: "/stores/:id",
            lazy: async () => ({ Component: (await import("./pages/stores/store-detail")).StoreDetailPage }),
          },
          {
            path: "/store-edit/:id",
            lazy: async () => ({ Component: (await import("./pages/stores/store-detail")).StoreDetailPage }),
          },
          {
            // decision 0077: the stall is a screen of its own, without the app's top bar (the layout reads the handle).
            path: "/stores/:id/market",
            handle: { fullScreen: true },
            lazy: async () => ({ Component: (await import("./pages/stores/market")).MarketPage }),
          },
          {
            path: "/market",
            lazy: async () => ({ Component: (await import("./pages/stores/market")).MarketChoicePage }),
          },
          {
            path: "/stores/:id/add-product",
            lazy: async () => ({ Component: (await import("./pages/products/add-product")).AddProductPage }),
          },
          {
            path: "/product-edit/:id",
            lazy: async () => ({
              Component: (await import("./pages/products/product-edit")).ProductEditPage,
            }),
          },
          {
            path: "/orders",
            lazy: async () => ({ Component: (await import("./pages/orders/orders")).OrdersPage }),
          },
          {
            path: "/stores/:id/orders",
            lazy: async () => ({ Component: (await import("./pages/orders/store-orders")).StoreOrdersPage }),
          },
          {
            path: "/order/:id",
            lazy: async () => ({ Component: (await import("./pages/orders/order-page")).OrderPage }),
          },
          {
            path: "/analytics",
            lazy: async () => ({ Component: (await import("./pages/analytics/analytics")).AnalyticsPage }),
          },
          {
            path: "/admin",
            lazy: async () => ({ Component: (await import("./pages/admin/admin")).AdminPage }),
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

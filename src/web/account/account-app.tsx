import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { SkipLink } from "../components/skip-link";
import { Toaster } from "../components/ui/toaster";
import { AUTH_OPTIONS_QUERY_KEY, AuthProvider, ME_QUERY_KEY } from "../lib/auth";
import { createQueryClient } from "../lib/query-client";
import { ThemeProvider } from "../lib/theme";
import { ForgotPasswordPage, ResetPasswordPage, VerifyEmailPage } from "../pages/account-links";
import { LoginPage } from "../pages/login";
import { PrivacyPage } from "../pages/privacy";
import { RegisterPage } from "../pages/register";
import type { AccountState } from "./state";

/**
 * A query cache that already knows what the server knew: nobody is signed in (a session would have
 * been sent on), and whether sign-ups are restricted. The page renders the same on both sides.
 */
export function accountQueryClient(state: AccountState): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, null);
  queryClient.setQueryData(AUTH_OPTIONS_QUERY_KEY, { signupRestricted: state.signupRestricted });
  return queryClient;
}

/**
 * The login, sign-up or privacy page, the same tree on the server (render.tsx) and in the browser
 * (main.tsx).
 */
export function AccountApp({ state, queryClient }: { state: AccountState; queryClient: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <SkipLink />
      <AccountPage state={state} />
      <Toaster />
    </Providers>
  );
}

function AccountPage({ state }: { state: AccountState }) {
  switch (state.page) {
    case "privacy":
      return state.retention ? <PrivacyPage retention={state.retention} /> : null;
    case "forgot-password":
      return <ForgotPasswordPage />;
    case "reset-password":
      return <ResetPasswordPage token={state.token ?? ""} />;
    case "verify-email":
      return <VerifyEmailPage token={state.token ?? ""} />;
    case "login":
      return <LoginPage next={state.next} />;
    default:
      return <RegisterPage next={state.next} />;
  }
}

function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ThemeProvider>{children}</ThemeProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

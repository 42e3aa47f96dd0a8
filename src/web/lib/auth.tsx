import { type UseMutationResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext } from "react";
import type { LoginInput, PublicUser, RegisterInput } from "../../shared/auth";
import { SESSION_HINT_COOKIE } from "../../shared/session-hint";
import { carryToastsToNextPage, toast } from "../hooks/use-toast";
import { ApiError, apiJson, apiRequest, getQueryFn } from "./api";
import { useTranslation } from "./i18n";
import { toastFailure } from "./toast-failure";

export const ME_QUERY_KEY = ["/api/me"] as const;
export const AUTH_OPTIONS_QUERY_KEY = ["/api/auth/options"] as const;

/** After signing in or up on a server-rendered page: on to `next`, the toast saying so carried along. */
export function continueAfterSignIn(next: string): void {
  carryToastsToNextPage();
  window.location.assign(next);
}

/**
 * docs/product-spec.md 3: the current user's id, fullName and email are also kept in browser storage under
 * "user" (the whole record /api/me answers: the app opens offline with it). Removed at sign-out and on 401.
 */
const USER_STORAGE_KEY = "user";

type StoredUser = Pick<PublicUser, "id" | "fullName" | "email"> & Partial<PublicUser>;

/**
 * The user as last answered by /api/me, for a page opened without the network: only a whole record (kept
 * since this version), never one made up from a partial one.
 */
function offlineUser(stored: Partial<StoredUser> | null): PublicUser | null {
  if (!stored) return null;
  const { id, email, fullName, isAdmin, isWhitelisted, emailVerified, lastLoginAt, createdAt } = stored;
  const whole =
    typeof id === "string" &&
    typeof email === "string" &&
    typeof fullName === "string" &&
    typeof isAdmin === "boolean" &&
    typeof isWhitelisted === "boolean" &&
    typeof emailVerified === "boolean" &&
    (lastLoginAt === null || typeof lastLoginAt === "string") &&
    typeof createdAt === "string";
  return whole
    ? { id, email, fullName, isAdmin, isWhitelisted, emailVerified, lastLoginAt, createdAt }
    : null;
}

function readStoredUser(): Partial<StoredUser> | null {
  try {
    const raw = localStorage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" ? (parsed as Partial<StoredUser>) : null;
  } catch (err) {
    console.warn(`Ignoring the stored "${USER_STORAGE_KEY}" record: it could not be read.`, err);
    return null;
  }
}

function writeStoredUser(user: StoredUser | null): void {
  try {
    if (user) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_STORAGE_KEY);
  } catch (err) {
    console.warn(`Could not update the stored "${USER_STORAGE_KEY}" record.`, err);
  }
}

/**
 * After the session ended (signed out, account deleted): on to /login, which the server renders; the
 * page load drops this app's state and cache, and the open toast goes along.
 */
export function leaveForLogin(): void {
  writeStoredUser(null);
  carryToastsToNextPage();
  window.location.assign("/login");
}

const meQueryFn = getQueryFn<{ user: PublicUser }>({ on401: "returnNull" });

/** Without the hint cookie there is no session to ask about (see SESSION_HINT_COOKIE). */
const mayHaveSession = () => document.cookie.split("; ").includes(`${SESSION_HINT_COOKIE}=1`);

interface AuthContextValue {
  /** null when signed out, and while the first check is still loading. */
  user: PublicUser | null;
  isLoading: boolean;
  loginMutation: UseMutationResult<PublicUser, Error, LoginInput>;
  registerMutation: UseMutationResult<PublicUser, Error, RegisterInput>;
  logoutMutation: UseMutationResult<void, Error, void>;
  /** After a profile change: the new record goes into the cache and browser storage. */
  updateUser: (user: PublicUser) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();

  const { data: user = null, isLoading } = useQuery<PublicUser | null>({
    queryKey: ME_QUERY_KEY,
    // Signed out (401) and any failure alike mean "no user" (docs/product-spec.md 4 and 8), but for no
    // answer at all: offline, the seller is who they were when the network went (the market screen works
    // offline, issue 30). Asked even offline ("always"): a paused query would read as signed out.
    networkMode: "always",
    queryFn: async (context) => {
      if (!mayHaveSession()) return null;
      try {
        const answer = await meQueryFn(context);
        writeStoredUser(answer?.user ?? null);
        return answer?.user ?? null;
      } catch (error) {
        if (error instanceof ApiError) return null;
        return offlineUser(readStoredUser());
      }
    },
  });

  /** Another person's cached data must never show: every query but the session is dropped. */
  const resetSession = useCallback(
    (next: PublicUser | null) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      queryClient.setQueryData(ME_QUERY_KEY, next);
      writeStoredUser(next);
    },
    [queryClient],
  );

  const updateUser = useCallback(
    (next: PublicUser) => {
      queryClient.setQueryData(ME_QUERY_KEY, next);
      writeStoredUser(next);
    },
    [queryClient],
  );

  const loginMutation = useMutation({
    mutationFn: async (input: LoginInput) =>
      (await apiJson<{ user: PublicUser }>("POST", "/api/login", input)).user,
    onSuccess: (signedIn) => {
      resetSession(signedIn);
      toast({ title: t("login.successTitle"), description: t("login.successDescription") });
    },
    onError: (err) => {
      toastFailure(t("login.failedTitle"), err, t("login.failedDescription"));
    },
  });

  const registerMutation = useMutation({
    mutationFn: async (input: RegisterInput) =>
      (await apiJson<{ user: PublicUser }>("POST", "/api/register", input)).user,
    onSuccess: (registered) => {
      resetSession(registered);
      toast({ title: t("register.successTitle"), description: t("register.successDescription") });
    },
    onError: (err) => {
      toastFailure(t("register.failedTitle"), err, t("register.failedDescription"));
    },
  });

  const logoutMutation = useMutation({
    mutationFn: async () => {
      await apiRequest("POST", "/api/logout");
    },
    onSuccess: () => {
      toast({ title: t("logout.successTitle"), description: t("logout.successDescription") });
      leaveForLogin();
    },
    onError: (err) => {
      toastFailure(t("logout.failedTitle"), err, t("common.tryAgain"));
    },
  });

  const value: AuthContextValue = {
    user,
    isLoading,
    loginMutation,
    registerMutation,
    logoutMutation,
    updateUser,
  };
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used inside AuthProvider");
  return context;
}

export interface AuthOptions {
  /** decision 0002: when true, only addresses on the server's allow-list may sign up. */
  signupRestricted: boolean;
}

export function useAuthOptions() {
  return useQuery<AuthOptions>({ queryKey: AUTH_OPTIONS_QUERY_KEY });
}

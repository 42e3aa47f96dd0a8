import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { THEMES, type Theme } from "../../shared/preferences";
import { useAuth } from "./auth";
import { useSaveSettings } from "./settings";

export const THEME_STORAGE_KEY = "ui-theme";
const DEFAULT_THEME: Theme = "system";
const DARK_QUERY = "(prefers-color-scheme: dark)";

type ResolvedTheme = "light" | "dark";

interface ThemeContextValue {
  /** What the user chose: light, dark or system. */
  theme: Theme;
  /** What is on screen now; "system" follows the operating system live. */
  resolvedTheme: ResolvedTheme;
  /** The user's own choice: applied, kept on this device and, when signed in, saved to the account. */
  setTheme: (theme: Theme) => void;
  /** Takes a value from the server without saving it back. */
  adoptTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { mutate: saveSettings } = useSaveSettings();
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);
  // Rendered on the server too (the login page): there is no window there, nor a stored choice.
  const [systemDark, setSystemDark] = useState(
    () => typeof window !== "undefined" && window.matchMedia(DARK_QUERY).matches,
  );

  useEffect(() => {
    const query = window.matchMedia(DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const resolvedTheme: ResolvedTheme = theme === "system" ? (systemDark ? "dark" : "light") : theme;

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle("dark", resolvedTheme === "dark");
    root.style.colorScheme = resolvedTheme;
  }, [resolvedTheme]);

  const adoptTheme = useCallback((next: Theme) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage blocked: the theme still applies until the page is reloaded.
    }
    setThemeState(next);
  }, []);

  const signedIn = Boolean(user);
  const setTheme = useCallback(
    (next: Theme) => {
      adoptTheme(next);
      if (signedIn) saveSettings({ theme: next });
    },
    [adoptTheme, signedIn, saveSettings],
  );

  const value = useMemo(
    () => ({ theme, resolvedTheme, setTheme, adoptTheme }),
    [theme, resolvedTheme, setTheme, adoptTheme],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error("useTheme must be used inside ThemeProvider");
  return context;
}

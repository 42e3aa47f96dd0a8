/**
 * Where to go after signing in, from a `?next=` the app sent to the login page: a path of this site,
 * never another site ("//evil.example", "https://..."), never the login or sign-up page again.
 */
export function safeNextPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return "/";
  }
  const pathname = value.split(/[?#]/)[0] ?? "/";
  return pathname === "/login" || pathname === "/register" ? "/" : value;
}

/** /login or /register, carrying where to go afterwards (nothing for the dashboard, the default). */
export function accountPageUrl(page: "/login" | "/register", next: string): string {
  return next === "/" ? page : `${page}?next=${encodeURIComponent(next)}`;
}

/** A stand-in origin: `next` is resolved against it and must stay on it (any origin would do). */
const SITE = "https://torg.invalid";

/**
 * Where to go after signing in, from a `?next=` the app sent to the login page: a path of this site,
 * never another site ("//evil.example", "https://...", "/\t/evil.example", which a browser reads as
 * "//evil.example" once it drops the tab), never the login or sign-up page again.
 *
 * The answer is the path as a URL parser normalises it (dot segments resolved, non-ASCII escaped), so it
 * is also a valid Location header, and it is checked again after normalising: "/..//evil.example"
 * becomes "//evil.example", which is another host.
 */
export function safeNextPath(value: unknown): string {
  // Control characters (browsers drop tab, CR and LF anywhere in a URL) and backslashes (a browser reads
  // "/\host" as "//host") never belong in a path the app sent: the whole value is refused.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  if (typeof value !== "string" || !value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) {
    return "/";
  }
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return "/";
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== SITE || !path.startsWith("/") || path.startsWith("//")) return "/";
  const pathname = url.pathname.replace(/(.)\/$/, "$1");
  return pathname === "/login" || pathname === "/register" ? "/" : path;
}

/** /login or /register, carrying where to go afterwards (nothing for the dashboard, the default). */
export function accountPageUrl(page: "/login" | "/register", next: string): string {
  const safe = safeNextPath(next);
  return safe === "/" ? page : `${page}?next=${encodeURIComponent(safe)}`;
}

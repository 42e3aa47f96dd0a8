/** Finds a PostgreSQL error code anywhere in the cause chain (drizzle wraps driver errors). */
export function pgErrorCode(error: unknown): { code?: string; constraint?: string } {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return {};
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = pgErrorCode(error);
  if (found.code !== "23505") return false;
  if (!constraint || !found.constraint) return true;
  return found.constraint === constraint;
}

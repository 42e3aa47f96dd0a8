export const SLUG_MAX_LENGTH = 60;

/** Letters that Unicode does not decompose into a base letter plus accent; Nordic first (æ→ae, ø→o, å→a). */
const TRANSLITERATIONS: Record<string, string> = {
  æ: "ae",
  ø: "o",
  å: "a",
  ß: "ss",
  þ: "th",
  ð: "d",
  đ: "d",
  ł: "l",
  œ: "oe",
};

/**
 * The store URL slug for a name: Nordic letters transliterated, accents dropped, then the spec's rule:
 * lowercase, each run of other characters becomes one hyphen, no hyphen at either end.
 * "Bjørn's Bakeri" → "bjorn-s-bakeri". Client and server both use this one function.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[æøåßþðđłœ]/g, (letter) => TRANSLITERATIONS[letter] ?? letter)
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
}

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * `slug-suffix` within the length limit: the slug is cut short to make room, and a hyphen the cut
 * leaves at its end goes, so the result still matches SLUG_PATTERN ("ab-cd…" never becomes "ab--2").
 */
export function slugWithSuffix(slug: string, suffix: string): string {
  const stem = slug.slice(0, SLUG_MAX_LENGTH - suffix.length - 1).replace(/-+$/, "");
  return stem ? `${stem}-${suffix}` : suffix;
}

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
    .slice(0, 60)
    .replace(/-+$/, "");
}

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

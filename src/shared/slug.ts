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

const SLUG_SHAPE = new RegExp(`^[a-z0-9-]{1,${SLUG_MAX_LENGTH}}$`, "i");

/**
 * Whether a part of an address could name a store, so that looking it up is worth a read: a slug's
 * characters and length in either case (a store is looked up lowercased). Looser than SLUG_PATTERN
 * on purpose: an address like "/s/-shop" is a store that does not exist, answered as one.
 */
export const isSlugShaped = (text: string) => SLUG_SHAPE.test(text);

/**
 * `slug-suffix` within the length limit: the slug is cut short to make room, and a hyphen the cut
 * leaves at its end goes, so the result still matches SLUG_PATTERN ("ab-cd…" never becomes "ab--2").
 */
export function slugWithSuffix(slug: string, suffix: string): string {
  const stem = slug.slice(0, SLUG_MAX_LENGTH - suffix.length - 1).replace(/-+$/, "");
  return stem ? `${stem}-${suffix}` : suffix;
}

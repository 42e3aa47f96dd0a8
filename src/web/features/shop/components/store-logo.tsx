import { cn, initials } from "../../../lib/utils";

/** Hues that carry white text at AA contrast at the lightness used below. */
const HUES = [165, 200, 250, 285, 330, 25, 55, 135];

/** The store's colour (a hue), picked from its name: the logo's and, without a hero photo, the header's. */
export function storeHue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return HUES[hash % HUES.length] ?? 165;
}

/** The store's round logo: its initials on a colour picked from its name, the same on every visit. */
export function StoreLogo({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full font-semibold tracking-tight text-white select-none",
        className,
      )}
      style={{ backgroundColor: `oklch(0.46 0.1 ${storeHue(name)})` }}
    >
      {initials(name)}
    </span>
  );
}

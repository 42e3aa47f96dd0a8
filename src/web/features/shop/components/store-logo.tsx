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

/** What a shop's mark is drawn from: its name and, once the seller set one, its logo (decision 0080). */
export interface BrandedStore {
  name: string;
  brand?: { logoWide: string | null; logoSquare: string | null } | null;
}

/**
 * The store's mark in a header or footer: its wide logo (named by the store's name, for readers and
 * when the image fails), else its initials and its name as text. Most logos are drawn for a light
 * ground (dark lettering, a clear background): on the dark page the logo sits on a light tile.
 */
export function StoreMark({
  store,
  size = "md",
  className,
}: {
  store: BrandedStore;
  size?: "sm" | "md";
  className?: string;
}) {
  const logo = store.brand?.logoWide;
  if (logo)
    return (
      <img
        src={logo}
        alt={store.name}
        data-testid="store-logo"
        className={cn("torg-logo", size === "sm" ? "h-7" : "h-9 sm:h-10", className)}
      />
    );
  return (
    <span className={cn("flex min-w-0 items-center gap-2.5", className)}>
      <StoreLogo name={store.name} className={size === "sm" ? "size-6 text-[10px]" : "size-8 text-xs"} />
      <span className="truncate font-semibold">{store.name}</span>
    </span>
  );
}

/** The store's round mark: its square logo on white (as it was drawn) when it has one, else its initials. */
export function StoreBadge({ store, className }: { store: BrandedStore; className?: string }) {
  const logo = store.brand?.logoSquare;
  if (!logo) return <StoreLogo name={store.name} className={className} />;
  return (
    <img
      src={logo}
      alt=""
      className={cn("shrink-0 rounded-full bg-white object-contain p-[8%]", className)}
    />
  );
}

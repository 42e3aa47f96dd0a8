import * as lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as shopIcons from "./icons";

// The shop's icons are drawn by its own components from lucide's data (decision 0049): the browser must
// get the very `<svg>` lucide-react writes, as the shop's pages always had it.
const ours = Object.entries(shopIcons).filter(([name]) => /^[A-Z]/.test(name)) as [
  string,
  shopIcons.ShopIcon,
][];
const theirs = new Map(Object.entries(lucide) as [string, lucide.LucideIcon][]);

describe("the shop's icons", () => {
  it("are all lucide-react's, by the same names", () => {
    expect(ours.length).toBeGreaterThan(20);
    for (const [name] of ours) expect(theirs.has(name), name).toBe(true);
  });

  it.each(ours)("%s writes lucide-react's markup, with and without a class", (name, icon) => {
    const lucideIcon = theirs.get(name);
    if (!lucideIcon) throw new Error(`lucide-react has no ${name}`);
    for (const className of [
      undefined,
      "size-4",
      "pointer-events-none absolute size-4 text-muted-foreground",
    ]) {
      expect(renderToStaticMarkup(createElement(icon, { className }))).toBe(
        renderToStaticMarkup(createElement(lucideIcon, { "aria-hidden": "true", className })),
      );
    }
  });
});

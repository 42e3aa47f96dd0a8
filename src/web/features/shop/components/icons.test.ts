import fs from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as aboutIcons from "../about/about-icons";
import * as shopIcons from "./icons";

// The shop's icons are drawn by its own components from lucide's data (decision 0049), with lucide's
// stroke in the `torg-icon` class instead of on every <svg> (decision 0053): the drawing must be the
// very one lucide-react writes, and the class must paint it as lucide-react's attributes do.
const ours = Object.entries({ ...shopIcons, ...aboutIcons }).filter(([name]) => /^[A-Z]/.test(name)) as [
  string,
  shopIcons.ShopIcon,
][];
const theirs = new Map(Object.entries(lucide) as [string, lucide.LucideIcon][]);

/** An `<svg>`'s opening tag's attributes, and what it holds. */
function parts(markup: string) {
  const match = /^<svg([^>]*)>([\s\S]*)<\/svg>$/.exec(markup);
  if (!match) throw new Error(`not one <svg>: ${markup}`);
  const attributes = Object.fromEntries(
    [...(match[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name = "", value = ""]) => [name, value]),
  );
  return { attributes, drawing: match[2] };
}

const lucideMarkup = (name: string, className?: string) => {
  const lucideIcon = theirs.get(name);
  if (!lucideIcon) throw new Error(`lucide-react has no ${name}`);
  return parts(renderToStaticMarkup(createElement(lucideIcon, { "aria-hidden": "true", className })));
};

/** The declarations of `.torg-icon` in the shop's stylesheet. */
function torgIconRule(): Record<string, string> {
  const css = fs.readFileSync(path.join(import.meta.dirname, "storefront.css"), "utf8");
  const body = /\.torg-icon \{([^}]*)\}/.exec(css)?.[1] ?? "";
  return Object.fromEntries(
    [...body.matchAll(/([\w-]+):\s*([^;]+);/g)].map(([, name = "", value = ""]) => [name, value.trim()]),
  );
}

describe("the shop's icons", () => {
  it("are all lucide-react's, by the same names", () => {
    expect(ours.length).toBeGreaterThan(20);
    for (const [name] of ours) expect(theirs.has(name), name).toBe(true);
  });

  it.each(ours)("%s draws lucide-react's drawing, at its size, with a caller's class", (name, icon) => {
    for (const className of [
      undefined,
      "size-4",
      "pointer-events-none absolute size-4 text-muted-foreground",
    ]) {
      const mine = parts(renderToStaticMarkup(createElement(icon, { className })));
      const lucides = lucideMarkup(name, className);
      expect(mine.drawing).toBe(lucides.drawing);
      expect(mine.attributes).toEqual({
        width: lucides.attributes.width,
        height: lucides.attributes.height,
        viewBox: lucides.attributes.viewBox,
        class: className ? `torg-icon ${className}` : "torg-icon",
        "aria-hidden": "true",
      });
    }
  });

  it("paint their stroke from the torg-icon class as lucide-react's attributes do", () => {
    const { attributes } = lucideMarkup("Share2");
    const stroke = ["fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin"];
    expect(torgIconRule()).toEqual(Object.fromEntries(stroke.map((name) => [name, attributes[name]])));
  });
});

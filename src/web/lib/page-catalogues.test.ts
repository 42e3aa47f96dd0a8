import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sharedCatalogues } from "../../shared/i18n";
import { LANGUAGES } from "../../shared/preferences";
import { SHOP_ERROR_KEYS, shopCatalogue } from "./page-catalogues";

/** Every module the shop's browser entry bundles, by its relative imports, from main.tsx down. */
function shopModules(): string[] {
  const seen = new Set<string>();
  const resolve = (from: string, spec: string) => {
    const base = path.resolve(path.dirname(from), spec);
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
      (file) => fs.existsSync(file) && fs.statSync(file).isFile(),
    );
  };
  const visit = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:from\s+|import\(\s*)["'](\.[^"']+)["']/g)) {
      const found = resolve(file, match[1] ?? "");
      if (found) visit(found);
    }
  };
  visit(path.resolve(import.meta.dirname, "../features/shop/main.tsx"));
  return [...seen];
}

describe("shopCatalogue", () => {
  it("carries every validation message the shop's code and the schemas it bundles name", () => {
    const modules = shopModules();
    expect(modules.some((file) => file.endsWith(path.join("shared", "order.ts")))).toBe(true);
    const named = new Set<string>();
    for (const file of modules) {
      for (const match of fs.readFileSync(file, "utf8").matchAll(/["'`]errors\.([A-Za-z0-9_]+)/g)) {
        named.add(match[1] ?? "");
      }
    }
    expect([...named].filter((key) => !(SHOP_ERROR_KEYS as readonly string[]).includes(key))).toEqual([]);
    // A message named at run time could be any: the list would not hold. shared/i18n.ts's translateError
    // names them so, for the server; no shop module calls it.
    const others = modules.filter((file) => !file.endsWith(path.join("shared", "i18n.ts")));
    const dynamic = others.filter((file) =>
      /errors\.\$\{|translateError\(/.test(fs.readFileSync(file, "utf8")),
    );
    expect(dynamic).toEqual([]);
  });

  it("has each of those messages in every language, and no other", () => {
    for (const language of LANGUAGES) {
      const errors = shopCatalogue(language).errors as Record<string, string>;
      expect(Object.keys(errors).sort(), language).toEqual([...SHOP_ERROR_KEYS].sort());
      const all = sharedCatalogues[language].errors as Record<string, string>;
      for (const key of SHOP_ERROR_KEYS) expect(errors[key], `${language} ${key}`).toBe(all[key]);
    }
  });

  it("leaves the order page's texts to the order page", () => {
    expect(shopCatalogue("nb", { withOrderPage: false })).not.toHaveProperty("orderPage");
    expect(shopCatalogue("nb")).toHaveProperty("orderPage");
    expect(shopCatalogue("nb", { withOrderPage: false })).toHaveProperty("storefront");
  });
});

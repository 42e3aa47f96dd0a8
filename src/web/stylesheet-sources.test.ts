import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The shop's and the account pages' stylesheets are built from the files their `@source` lines name
 * (Tailwind generates only the classes it finds there). A component imported from elsewhere but not
 * named would render unstyled in production and nowhere else: so every file the pages reach through
 * their imports must be one the stylesheet names, itself or by its folder.
 */
const WEB = path.resolve(import.meta.dirname);

function sourcesOf(stylesheet: string): string[] {
  const css = fs.readFileSync(stylesheet, "utf8");
  return [...css.matchAll(/^@source "([^"]+)";$/gm)].map(([, source = ""]) =>
    path.resolve(path.dirname(stylesheet), source),
  );
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.tsx`, `${base}.ts`, path.join(base, "index.tsx"), path.join(base, "index.ts")].find(
    (file) => fs.existsSync(file) && fs.statSync(file).isFile() && /\.tsx?$/.test(file),
  );
}

/** Every source file reached from the entries through relative imports (type-only ones too: harmless). */
function reachedFrom(entries: string[]): Set<string> {
  const reached = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (reached.has(file)) continue;
    reached.add(file);
    const code = fs.readFileSync(file, "utf8");
    for (const [, specifier = ""] of code.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
      const target = resolveImport(file, specifier);
      if (target) queue.push(target);
    }
  }
  return reached;
}

/** Files that can hold class names: components, pages and features, and any other that names a class. */
const mayHoldClasses = (file: string) =>
  /^(components|pages|features)\//.test(path.relative(WEB, file)) ||
  /className|\bcva\(/.test(fs.readFileSync(file, "utf8"));

describe.each([
  { stylesheet: "features/shop/shop.css", entry: "features/shop/main.tsx" },
  { stylesheet: "account/account.css", entry: "account/main.tsx" },
])("$stylesheet", ({ stylesheet, entry }) => {
  it("names every component its pages import", () => {
    const sources = sourcesOf(path.join(WEB, stylesheet));
    const covered = (file: string) =>
      sources.some((source) => file === source || file.startsWith(`${source}${path.sep}`));
    const reached = [...reachedFrom([path.join(WEB, entry)])].filter(
      (file) => mayHoldClasses(file) && !file.endsWith(".test.ts") && !file.endsWith(".test.tsx"),
    );
    expect(reached.length).toBeGreaterThan(10);
    expect(reached.filter((file) => !covered(file)).map((file) => path.relative(WEB, file))).toEqual([]);
  });
});

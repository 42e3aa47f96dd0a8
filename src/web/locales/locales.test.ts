import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sharedCatalogues } from "../../shared/i18n";

type Catalogue = { [key: string]: string | Catalogue };

const localesRoot = import.meta.dirname;
const webRoot = path.resolve(localesRoot, "..");
const areas = readdirSync(localesRoot).filter((name) => statSync(path.join(localesRoot, name)).isDirectory());
const read = (area: string, language: string): Catalogue =>
  JSON.parse(readFileSync(path.join(localesRoot, area, `${language}.json`), "utf8"));

function flatten(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(full, value);
    else for (const [k, v] of flatten(value, full)) entries.set(k, v);
  }
  return entries;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [file] : [];
  });
}

describe("web UI catalogues", () => {
  it("areas never define the same top-level key, nor one of the shared catalogue's", () => {
    const owners = new Map<string, string>(
      Object.keys(sharedCatalogues.en).map((key) => [key, "src/shared/locales"]),
    );
    for (const area of areas) {
      for (const key of Object.keys(read(area, "en"))) {
        expect(owners.get(key), `${key} is in ${owners.get(key)} and ${area}`).toBeUndefined();
        owners.set(key, area);
      }
    }
  });

  it.each(areas.flatMap((area) => ["nb", "sv", "da"].map((language) => [area, language])))(
    "%s/%s has exactly the English keys, none of them empty",
    (area, language) => {
      const english = flatten(read(area, "en"));
      const translated = flatten(read(area, language));
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of translated) expect(text.trim(), key).not.toBe("");
    },
  );

  it("has an English text for every key the code names", () => {
    const english = new Map<string, string>();
    for (const area of areas) for (const [key, text] of flatten(read(area, "en"))) english.set(key, text);
    const topLevel = [...new Set([...english.keys()].map((key) => key.split(".")[0]))].join("|");
    const keyPattern = new RegExp(`["'\`]((?:${topLevel})\\.[A-Za-z]+(?:\\.[A-Za-z]+)*)["'\`]`, "g");
    const missing: string[] = [];
    for (const file of sourceFiles(webRoot)) {
      for (const [, key] of readFileSync(file, "utf8").matchAll(keyPattern)) {
        if (key && !english.has(key) && !english.has(`${key}_other`)) missing.push(`${key} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });
});

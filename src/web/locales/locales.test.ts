import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import da from "./da.json";
import en from "./en.json";
import nb from "./nb.json";
import sv from "./sv.json";

type Catalogue = { [key: string]: string | Catalogue };

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

const english = flatten(en);

describe("web UI catalogues", () => {
  it.each([
    ["nb", nb],
    ["sv", sv],
    ["da", da],
  ])("%s has exactly the English keys, none of them empty", (_, catalogue) => {
    const translated = flatten(catalogue);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of translated) expect(text.trim(), key).not.toBe("");
  });

  it("has an English text for every key the code names", () => {
    const topLevel = Object.keys(en).join("|");
    const keyPattern = new RegExp(`["'\`]((?:${topLevel})\\.[A-Za-z]+(?:\\.[A-Za-z]+)*)["'\`]`, "g");
    const webRoot = path.resolve(import.meta.dirname, "..");
    const missing: string[] = [];
    for (const file of sourceFiles(webRoot)) {
      for (const [, key] of readFileSync(file, "utf8").matchAll(keyPattern)) {
        if (key && !english.has(key) && !english.has(`${key}_other`)) missing.push(`${key} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });
});

import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { AnalysisImage } from "../ai";
import { createOfflineProvider } from ".";

const fixture = async (name: string): Promise<AnalysisImage> => {
  const { data, info } = await sharp(fs.readFileSync(path.join(import.meta.dirname, "fixtures", name)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height, channels: info.channels as 3 };
};

const provider = createOfflineProvider();
const anonymous = { language: "en" as const, sellerPrices: async () => [] };

describe("offline provider on real photographs", () => {
  it.each([
    ["coffee-cup.jpg", "cup", "Handmade cup"],
    ["candle-glass.jpg", "glass", "Handmade glass"],
    ["aloe-pot.jpg", "vase", "Handmade vase"],
  ])("recognises %s as a %s and places it inside the photo", async (file, category, title) => {
    const call = await provider.analyze(await fixture(file), anonymous);
    const { analysis } = call;
    expect(analysis.category).toBe(category);
    expect(analysis.title).toBe(title);
    for (const text of [analysis.description, analysis.seoTitle, analysis.seoDescription, analysis.altText]) {
      expect(text.length).toBeGreaterThan(5);
    }
    expect(analysis.suggestedPrice).toMatch(/^\d+$/);
    expect(analysis.coordinates?.x).toBeGreaterThanOrEqual(0);
    expect(analysis.coordinates?.x).toBeLessThanOrEqual(100);
    expect(analysis.coordinates?.y).toBeGreaterThanOrEqual(0);
    expect(analysis.coordinates?.y).toBeLessThanOrEqual(100);
    expect(JSON.parse(call.rawResponse).observed.detections.length).toBeGreaterThan(0);
  });

  it("says less rather than invents: a cat is not a shop category, so the title stays generic", async () => {
    const { analysis } = await provider.analyze(await fixture("chelsea-cat.jpg"), anonymous);
    expect(analysis.category).toBeNull();
    expect(analysis.title).toBe("Handmade item");
    expect(analysis.description).toMatch(/^A handmade item in [a-z]+( and [a-z]+)? tones\.$/);
    expect(analysis.suggestedPrice).toBe("400");
  });

  it("finds the cup where it is: in the upper middle of the coffee photo", async () => {
    const { analysis } = await provider.analyze(await fixture("coffee-cup.jpg"), anonymous);
    expect(analysis.coordinates?.x).toBeGreaterThan(35);
    expect(analysis.coordinates?.x).toBeLessThan(65);
    expect(analysis.coordinates?.y).toBeLessThan(55);
  });

  it("writes in the seller's language and prices from the seller's own similar products", async () => {
    const { analysis } = await provider.analyze(await fixture("coffee-cup.jpg"), {
      language: "nb",
      sellerPrices: async (category) => (category === "cup" ? ["200.00", "300.00", "550.00"] : []),
    });
    expect(analysis.title).toBe("Håndlaget kopp");
    expect(analysis.description).toContain("Laget for hånd");
    expect(analysis.suggestedPrice).toBe("300");
  });
});

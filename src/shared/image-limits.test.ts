import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, photoProblem, SNIFF_BYTES, sniffImageType } from "./image-limits";

const fixture = (name: string) =>
  fs.readFileSync(path.resolve("src/server/adapters/ai/offline/fixtures", name)).subarray(0, SNIFF_BYTES);
const blank = sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } });

describe("the browser's check of a chosen photo (one rule for every uploader)", () => {
  it("knows JPG, PNG, WEBP and HEIC by their first bytes", async () => {
    expect(sniffImageType(fixture("coffee-cup.jpg"))).toBe("image/jpeg");
    expect(sniffImageType(fixture("coffee-cup.heic"))).toBe("image/heic");
    expect(sniffImageType((await blank.clone().png().toBuffer()).subarray(0, SNIFF_BYTES))).toBe("image/png");
    expect(sniffImageType((await blank.clone().webp().toBuffer()).subarray(0, SNIFF_BYTES))).toBe(
      "image/webp",
    );
  });

  it("names a text file called holiday.jpg as not a photo, whatever its name says", () => {
    const text = new TextEncoder().encode("Packing list: towels, sun cream");
    expect(photoProblem({ name: "holiday.jpg", size: text.length }, text)).toEqual({
      key: "errors.photoNotImage",
      params: { name: "holiday.jpg", mb: 5 },
    });
    // A GIF, and a RIFF file that is not WebP (a WAV), are not photos either.
    expect(sniffImageType(new TextEncoder().encode("GIF89a........"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("RIFF....WAVEfmt "))).toBeNull();
  });

  it("names a photo over the size limit", () => {
    expect(photoProblem({ name: "big.png", size: MAX_IMAGE_BYTES + 1 }, fixture("coffee-cup.jpg"))).toEqual({
      key: "errors.photoTooLarge",
      params: { name: "big.png", mb: 5 },
    });
    expect(photoProblem({ name: "ok.heic", size: MAX_IMAGE_BYTES }, fixture("coffee-cup.heic"))).toBeNull();
  });
});

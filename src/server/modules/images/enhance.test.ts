import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  frameAround,
  greyWorldGains,
  improvePhoto,
  MEANINGFUL_COLOUR_SHIFT,
  MEANINGFUL_CROP,
  pointInFrame,
} from "./enhance";
import type { PreparedImage } from "./pipeline";

/** A prepared photo of one flat colour with a darker block where `box` says, as raw pixels. */
async function flatPhoto(
  width: number,
  height: number,
  background: { r: number; g: number; b: number },
): Promise<PreparedImage> {
  const { data, info } = await sharp({ create: { width, height, channels: 3, background } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: data, info };
}

describe("the improved copy's frame", () => {
  it("is a square around a product about as wide as tall, with room around it, inside the photo", () => {
    const framed = frameAround([0.6, 0.6, 0.9, 0.95], 1600, 1200);
    expect(framed?.aspect).toBe("square");
    const frame = framed?.frame ?? { left: 0, top: 0, width: 0, height: 0 };
    expect(frame.width).toBe(frame.height);
    // The product (960..1440 × 720..1140) is inside, and the frame inside the photo.
    expect(frame.left).toBeLessThanOrEqual(960);
    expect(frame.left + frame.width).toBeGreaterThanOrEqual(1440);
    expect(frame.top).toBeLessThanOrEqual(720);
    expect(frame.top + frame.height).toBeLessThanOrEqual(1200);
  });

  it("is 4:5 for a tall product", () => {
    const framed = frameAround([0.45, 0.1, 0.55, 0.9], 1600, 1200);
    expect(framed?.aspect).toBe("portrait");
    expect((framed?.frame.width ?? 0) / (framed?.frame.height ?? 1)).toBeCloseTo(0.8, 2);
  });

  it("is no frame when the product would not fit whole in a square inside the photo", () => {
    // A wide product filling a wide photo: a square would cut it.
    expect(frameAround([0.02, 0.1, 0.98, 0.9], 1600, 900)).toBeNull();
  });

  it("moves the marker with it", () => {
    const frame = { left: 400, top: 200, width: 800, height: 800 };
    expect(pointInFrame({ x: 50, y: 50 }, frame, { width: 1600, height: 1200 })).toEqual({ x: 50, y: 50 });
    expect(pointInFrame({ x: 25, y: 25 }, frame, { width: 1600, height: 1200 })).toEqual({ x: 0, y: 12.5 });
  });
});

describe("the improved copy's colours", () => {
  it("leaves a cast within the tolerance alone and clamps a strong one", () => {
    expect(greyWorldGains([120, 118, 122])).toEqual([1, 1, 1]);
    const [red = 0, green = 0, blue = 0] = greyWorldGains([200, 90, 40]);
    expect(red).toBeLessThan(1);
    expect(blue).toBeGreaterThan(green);
    expect(blue / red).toBeLessThanOrEqual(1.25 * 1.25 + 1e-9);
  });

  it("offers nothing for a photo that is already balanced and framed", async () => {
    const clean = await flatPhoto(800, 800, { r: 128, g: 128, b: 128 });
    const improved = await improvePhoto(clean, [0.05, 0.05, 0.95, 0.95]);
    expect(improved.croppedShare).toBeLessThan(MEANINGFUL_CROP);
    expect(improved.colourShift).toBeLessThan(MEANINGFUL_COLOUR_SHIFT);
    expect(improved.meaningful).toBe(false);
  });

  it("moves a blue cast toward grey and keeps an alpha channel as it was", async () => {
    const { data, info } = await sharp({
      create: { width: 400, height: 400, channels: 4, background: { r: 90, g: 110, b: 170, alpha: 0.5 } },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const improved = await improvePhoto({ pixels: data, info }, null);
    expect(improved.aspect).toBe("original");
    const [red = 0, , blue = 0] = improved.means.after;
    expect(blue - red).toBeLessThan(170 - 90);
    expect(improved.meaningful).toBe(true);
    expect(improved.image.pixels[3]).toBe(data[3]);
  });
});

import sharp from "sharp";
import type { AnalysisImage } from "../ai";

export type Rgb = [number, number, number];
export type ColourName =
  | "black"
  | "white"
  | "grey"
  | "beige"
  | "brown"
  | "red"
  | "orange"
  | "yellow"
  | "green"
  | "turquoise"
  | "blue"
  | "purple"
  | "pink";

export interface ColourFacts {
  /** The product's own colours, most of it first (the background removed). */
  colours: { name: ColourName; rgb: Rgb; share: number }[];
  background: ColourName;
  /** The foreground's centre and extent, in fractions of the image, when it stands out from the background. */
  foreground: { centre: [number, number]; box: [number, number, number, number] } | null;
}

const SAMPLE = 160;

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Names an sRGB colour by hue, saturation and lightness. */
export function nameColour([r, g, b]: Rgb): ColourName {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const lightness = (max + min) / 2;
  const delta = max - min;
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * lightness - 1));
  let hue = 0;
  if (delta > 0) {
    const [rn, gn, bn] = [r / 255, g / 255, b / 255];
    if (max === rn) hue = 60 * (((gn - bn) / delta + 6) % 6);
    else if (max === gn) hue = 60 * ((bn - rn) / delta + 2);
    else hue = 60 * ((rn - gn) / delta + 4);
  }
  if (lightness < 0.14) return "black";
  if (saturation < 0.12 || delta < 0.06) return lightness > 0.86 ? "white" : "grey";
  if (hue >= 20 && hue < 50 && lightness > 0.68 && saturation < 0.6) return "beige";
  if (hue >= 10 && hue < 45 && lightness < 0.45) return "brown";
  if (hue < 12 || hue >= 345) return lightness > 0.7 ? "pink" : "red";
  if (hue < 40) return "orange";
  if (hue < 66) return "yellow";
  if (hue < 165) return "green";
  if (hue < 195) return "turquoise";
  if (hue < 255) return "blue";
  if (hue < 290) return "purple";
  return "pink";
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** k-means with k-means++-style spread seeding; deterministic (seeds picked by distance, not at random). */
function kMeans(points: Rgb[], k: number, iterations = 12): { centre: Rgb; size: number }[] {
  if (points.length === 0) return [];
  const centres: Rgb[] = [points[Math.floor(points.length / 2)] as Rgb];
  while (centres.length < k) {
    let farthest = points[0] as Rgb;
    let best = -1;
    for (const point of points) {
      const nearest = Math.min(...centres.map((centre) => distance(point, centre)));
      if (nearest > best) {
        best = nearest;
        farthest = point;
      }
    }
    if (best < 12) break;
    centres.push(farthest);
  }
  const assignment = new Array<number>(points.length).fill(0);
  for (let round = 0; round < iterations; round++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    points.forEach((point, i) => {
      let nearest = 0;
      for (let c = 1; c < centres.length; c++) {
        if (distance(point, centres[c] as Rgb) < distance(point, centres[nearest] as Rgb)) nearest = c;
      }
      assignment[i] = nearest;
      const sum = sums[nearest] as number[];
      sum[0] = (sum[0] ?? 0) + point[0];
      sum[1] = (sum[1] ?? 0) + point[1];
      sum[2] = (sum[2] ?? 0) + point[2];
      sum[3] = (sum[3] ?? 0) + 1;
    });
    sums.forEach(([r = 0, g = 0, b = 0, n = 0], c) => {
      if (n > 0) centres[c] = [r / n, g / n, b / n];
    });
  }
  const sizes = centres.map((_, c) => assignment.filter((a) => a === c).length);
  return centres.map((centre, c) => ({ centre, size: sizes[c] ?? 0 })).sort((a, b) => b.size - a.size);
}

interface Sample {
  width: number;
  height: number;
  pixel(x: number, y: number): Rgb;
  background: Rgb;
  /** How far from the background a pixel must be to count as the product. */
  threshold: number;
  foreground: ColourFacts["foreground"];
}

/**
 * A small copy of the photo, its background colour (the median of its border) and where the
 * foreground sits: pixels that differ clearly from the background.
 */
async function sampleImage(image: AnalysisImage): Promise<Sample> {
  const { data, info } = await sharp(image.pixels, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .removeAlpha()
    .toColourspace("srgb")
    .resize(SAMPLE, SAMPLE, { fit: "inside" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const pixel = (x: number, y: number): Rgb => {
    const offset = (y * width + x) * 3;
    return [data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0];
  };

  const ring = Math.max(2, Math.round(Math.min(width, height) * 0.04));
  const border: Rgb[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x < ring || y < ring || x >= width - ring || y >= height - ring) border.push(pixel(x, y));
    }
  }
  const background: Rgb = [
    median(border.map((p) => p[0])),
    median(border.map((p) => p[1])),
    median(border.map((p) => p[2])),
  ];
  const spread = median(border.map((p) => distance(p, background)));
  const threshold = Math.max(38, spread * 2.5);

  let sumX = 0;
  let sumY = 0;
  let count = 0;
  let [minX, minY, maxX, maxY] = [width, height, 0, 0];
  for (let y = ring; y < height - ring; y++) {
    for (let x = ring; x < width - ring; x++) {
      if (distance(pixel(x, y), background) > threshold) {
        sumX += x;
        sumY += y;
        count++;
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
      }
    }
  }
  const foregroundShare = count / Math.max(1, (width - 2 * ring) * (height - 2 * ring));
  const foreground =
    foregroundShare > 0.01 && foregroundShare < 0.95
      ? {
          centre: [sumX / count / width, sumY / count / height] as [number, number],
          box: [minX / width, minY / height, (maxX + 1) / width, (maxY + 1) / height] as [
            number,
            number,
            number,
            number,
          ],
        }
      : null;
  return { width, height, pixel, background, threshold, foreground };
}

/** Where the product stands out from its backdrop, in fractions of the image; null when it does not. */
export async function findForeground(image: AnalysisImage): Promise<ColourFacts["foreground"]> {
  return (await sampleImage(image)).foreground;
}

/**
 * The product's colours rather than the backdrop's: the border of the photo gives the background colour,
 * pixels close to it are dropped, and the rest (inside the detected box, when there is one) are
 * clustered. Also finds where the foreground sits, for photos the detector could not place.
 */
export async function analyseColours(
  image: AnalysisImage,
  box?: [number, number, number, number],
): Promise<ColourFacts> {
  const { width, height, pixel, background, threshold, foreground } = await sampleImage(image);

  const [left, top, right, bottom] = box ?? [0, 0, 1, 1];
  const inside: Rgb[] = [];
  const all: Rgb[] = [];
  for (let y = Math.floor(top * height); y < Math.ceil(bottom * height); y++) {
    for (let x = Math.floor(left * width); x < Math.ceil(right * width); x++) {
      const p = pixel(Math.min(width - 1, x), Math.min(height - 1, y));
      all.push(p);
      if (distance(p, background) > threshold) inside.push(p);
    }
  }
  const sample = inside.length >= all.length * 0.05 ? inside : all;
  const clusters = kMeans(sample, 3);
  const total = clusters.reduce((sum, cluster) => sum + cluster.size, 0) || 1;
  const named = new Map<ColourName, { name: ColourName; rgb: Rgb; share: number }>();
  for (const cluster of clusters) {
    const name = nameColour(cluster.centre);
    const existing = named.get(name);
    const share = cluster.size / total;
    if (existing) existing.share += share;
    else named.set(name, { name, rgb: cluster.centre.map(Math.round) as Rgb, share });
  }
  const colours = [...named.values()].filter((c) => c.share >= 0.12).sort((a, b) => b.share - a.share);
  return { colours, background: nameColour(background), foreground };
}

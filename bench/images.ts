// bench/images: a 12-megapixel phone-size JPEG through the whole upload pipeline (sniff, header checks,
// decode, auto-orient, three WebP variants, storage write), next to one plain sharp resize of the same
// image in the same run. Target: the pipeline within 3× of the single resize.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createLocalStorage } from "../src/server/adapters/storage/local";
import { processAndStoreImage } from "../src/server/modules/images/pipeline";
import { median, report, round } from "./lib";

const RUNS = Number(process.env.BENCH_IMAGE_RUNS ?? 9);

/** A 4032×3024 photo-like JPEG (gradients, texture, an object, EXIF orientation) under the 5 MB limit. */
async function phonePhoto(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const texture = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .blur(1.2)
    .raw()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9dcc6"/><stop offset="1" stop-color="#8a6f55"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><ellipse cx="2016" cy="1600" rx="800" ry="950" fill="#3f5d4a"/></svg>`,
  );
  return sharp(gradient)
    .composite([{ input: texture, raw: { width, height, channels: 3 }, blend: "overlay" }])
    .withExif({ IFD0: { Make: "BenchPhone", Orientation: "1" } })
    .jpeg({ quality: 88, mozjpeg: false })
    .toBuffer();
}

/** The reference: one resize to the largest variant with the pipeline's own WebP settings. */
const singleResize = (input: Buffer) =>
  sharp(input).resize(1600, 1600, { fit: "inside" }).webp({ quality: 82, effort: 2 }).toBuffer();

async function main() {
  const input = await phonePhoto();
  const metadata = await sharp(input).metadata();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-bench-images-"));
  const storage = createLocalStorage(dir);

  const single: number[] = [];
  const pipeline: number[] = [];
  // One warm-up of each, then alternate so both see the same machine state.
  await singleResize(input);
  await processAndStoreImage(storage, { buffer: input });
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    await singleResize(input);
    single.push(performance.now() - started);
    started = performance.now();
    await processAndStoreImage(storage, { buffer: input });
    pipeline.push(performance.now() - started);
  }
  fs.rmSync(dir, { recursive: true, force: true });

  const singleMs = median(single);
  const pipelineMs = median(pipeline);
  const ratio = pipelineMs / singleMs;
  process.stdout.write(
    `Image: ${metadata.width}×${metadata.height} JPEG, ${round(input.length / 1024 / 1024, 2)} MB, ${RUNS} runs, sharp concurrency ${sharp.concurrency()}\n` +
      `  single sharp resize to 1600 px WebP (same encoder settings): median ${round(singleMs)} ms\n` +
      `  whole pipeline (checks, decode, 3 WebP variants, storage): median ${round(pipelineMs)} ms\n` +
      `  ratio ${round(ratio, 2)} (target ≤ 3)\n`,
  );
  report({ figure: "image pipeline, 12 MP JPEG (median)", value: round(pipelineMs), unit: "ms" });
  report({ figure: "single sharp resize, same image (median)", value: round(singleMs), unit: "ms" });
  report({
    figure: "pipeline ÷ single resize",
    value: round(ratio, 2),
    unit: "×",
    target: "≤ 3",
    ratio: round(ratio / 3, 2),
    ok: ratio <= 3,
  });
}

await main();

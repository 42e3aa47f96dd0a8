// bench/ai: offline product analysis of 12-megapixel photos, image pipeline included (checks, decode,
// upright, three WebP variants plus the enhanced copy, detection, colours, texts, AiLog row), on this
// machine's cores. Prints the median and the worst time per image and the process's peak memory.
// Target: median under 0.8 s.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createOfflineProvider } from "../src/server/adapters/ai/offline";
import { createLocalStorage } from "../src/server/adapters/storage/local";
import { openPglite } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";
import { analyseImage } from "../src/server/modules/ai/service";
import { median, report, round } from "./lib";

const ROUNDS = Number(process.env.BENCH_AI_ROUNDS ?? 3);
const fixtures = path.resolve("src/server/adapters/ai/offline/fixtures");

/** The committed test photographs, scaled up to a phone camera's 4032×3024 and saved as phones do. */
async function phonePhotos() {
  const photos: { name: string; bytes: Buffer }[] = [];
  for (const name of fs.readdirSync(fixtures).filter((file) => file.endsWith(".jpg"))) {
    const bytes = await sharp(path.join(fixtures, name))
      .resize(4032, 3024, { fit: "cover" })
      .jpeg({ quality: 88 })
      .toBuffer();
    photos.push({ name, bytes });
  }
  return photos;
}

async function main() {
  const database = await openPglite();
  await migrateDatabase(database);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-bench-ai-"));
  const deps = {
    db: database.db,
    storage: createLocalStorage(dir),
    provider: createOfflineProvider(),
    timeoutMs: 60_000,
  };
  const options = { endpoint: "bench", user: null, language: "en" as const };
  const photos = await phonePhotos();

  const coldStarted = performance.now();
  const first = await analyseImage(deps, photos[0]?.bytes ?? Buffer.alloc(0), options);
  const coldMs = performance.now() - coldStarted;

  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const photo of photos) {
      const started = performance.now();
      const result = await analyseImage(deps, photo.bytes, options);
      times.push(performance.now() - started);
      if (round === 0)
        process.stdout.write(`  ${photo.name}: "${result.title}" at ${JSON.stringify(result.coordinates)}\n`);
    }
  }
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const peakMb = process.resourceUsage().maxRSS / 1024;
  const med = median(times);
  const worst = Math.max(...times);
  process.stdout.write(
    `${times.length} analyses of 4032×3024 JPEGs (${photos.map((p) => `${round(p.bytes.length / 1048576, 1)} MB`).join(", ")}), ${os.cpus().length} cores\n` +
      `  first call (loads the model once): ${round(coldMs, 0)} ms ("${first.title}")\n` +
      `  median ${round(med, 0)} ms, worst ${round(worst, 0)} ms; peak memory ${round(peakMb, 0)} MB\n`,
  );
  report({
    figure: "offline analysis, 12 MP photo (median)",
    value: round(med / 1000, 2),
    unit: "s",
    target: "< 0.8 s",
    ratio: round(med / 800, 2),
    ok: med < 800,
  });
  report({ figure: "offline analysis, 12 MP photo (worst)", value: round(worst / 1000, 2), unit: "s" });
  report({ figure: "offline analysis, first call (model load)", value: round(coldMs / 1000, 2), unit: "s" });
  report({ figure: "offline analysis, process peak memory", value: round(peakMb, 0), unit: "MB" });
}

await main();

import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MicroCache } from "./micro-cache";

describe("MicroCache", () => {
  it("loads a key once for concurrent misses, and serves the serialised value until cleared", async () => {
    const cache = new MicroCache(60_000);
    let loads = 0;
    const load = async () => ({ loads: ++loads });
    const [first, second] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect(first).toBe(second);
    expect(first.body).toBe('{"loads":1}');
    expect((await cache.get("k", load)).body).toBe('{"loads":1}');
    cache.clear();
    expect((await cache.get("k", load)).body).toBe('{"loads":2}');
  });

  it("compresses an entry once per encoding and keeps the copy with it", async () => {
    const cache = new MicroCache(60_000);
    const json = await cache.get("list", async () =>
      Array.from({ length: 50 }, (_, i) => ({ title: `Mug ${i}` })),
    );
    const brotli = json.encode("br");
    expect(json.encode("br")).toBe(brotli);
    expect(brotliDecompressSync(brotli).toString()).toBe(json.body);
    expect(json.encode("gzip")).not.toBe(brotli);
  });

  it("keeps nothing when its time to live is zero", async () => {
    const cache = new MicroCache(0);
    let loads = 0;
    await cache.get("k", async () => ++loads);
    expect((await cache.get("k", async () => ++loads)).body).toBe("2");
  });
});

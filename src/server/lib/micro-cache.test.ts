import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { CachedBody, MicroCache } from "./micro-cache";

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

  it("serves a page that `keep` refuses without keeping it, and keeps the pages it accepts", async () => {
    const cache = new MicroCache(60_000);
    let renders = 0;
    const render = (status: number) => async () => ({ status, html: `<p>${++renders}</p>` });
    const onlyFound = (page: { status: number }) => page.status === 200;
    expect((await cache.getPage("past-the-end", render(404), onlyFound)).status).toBe(404);
    expect((await cache.getPage("past-the-end", render(404), onlyFound)).body).toBe("<p>2</p>");
    expect((await cache.getPage("page-2", render(200), onlyFound)).body).toBe("<p>3</p>");
    expect((await cache.getPage("page-2", render(200), onlyFound)).body).toBe("<p>3</p>");
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

  it("compresses a body sent once at Brotli quality 2 and gzip level 1 (decision 0045)", () => {
    const html = `<ul>${Array.from({ length: 200 }, (_, i) => `<li class="torg-card">Mug ${i}</li>`).join("")}</ul>`;
    const once = new CachedBody(html, 200, false);
    const brotli = once.encode("br");
    expect(brotli).toEqual(
      brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 2,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      }),
    );
    expect(brotliDecompressSync(brotli).toString()).toBe(html);
    expect(gunzipSync(once.encode("gzip")).toString()).toBe(html);
    // A kept body is compressed harder: it is sent many times.
    expect(new CachedBody(html).encode("br").length).toBeLessThanOrEqual(brotli.length);
  });

  it("serves an expired entry while one reload runs behind it, then the reloaded one", async () => {
    vi.useFakeTimers();
    try {
      const cache = new MicroCache(1000);
      let loads = 0;
      let finishReload: () => void = () => {};
      const load = async () => {
        loads += 1;
        if (loads > 1) await new Promise<void>((resolve) => (finishReload = resolve));
        return { loads };
      };
      expect((await cache.get("k", load)).body).toBe('{"loads":1}');
      vi.advanceTimersByTime(1500);
      // Expired: three requests get the old body at once, and start one reload between them.
      const stale = await Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
      expect(stale.map((body) => body.body)).toEqual(Array(3).fill('{"loads":1}'));
      expect(loads).toBe(2);
      finishReload();
      await vi.runAllTimersAsync();
      expect((await cache.get("k", load)).body).toBe('{"loads":2}');
    } finally {
      vi.useRealTimers();
    }
  });

  it("drops an entry whose reload fails, and waits for a fresh load once it is long expired", async () => {
    vi.useFakeTimers();
    try {
      const cache = new MicroCache(1000);
      await cache.get("k", async () => "first");
      vi.advanceTimersByTime(1500);
      const failing = async () => {
        throw new Error("database away");
      };
      expect((await cache.get("k", failing)).body).toBe('"first"');
      await vi.runAllTimersAsync();
      await expect(cache.get("k", failing)).rejects.toThrow("database away");

      await cache.get("old", async () => "old");
      vi.advanceTimersByTime(60_000);
      expect((await cache.get("old", async () => "new")).body).toBe('"new"');
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps nothing when its time to live is zero", async () => {
    const cache = new MicroCache(0);
    let loads = 0;
    await cache.get("k", async () => ++loads);
    expect((await cache.get("k", async () => ++loads)).body).toBe("2");
  });
});

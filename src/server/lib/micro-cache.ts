/**
 * A few seconds of memory for public, anonymous reads (storefront and product pages): a shared link on a
 * busy evening is served from here instead of the database. Values are kept serialised, so a hit costs
 * no JSON work either. Any write in this process clears it at once; another app server's writes show
 * within the TTL, which is the freshness a storefront needs (D16 keeps no state that matters here).
 * Concurrent misses for one key share a single load.
 */
export class MicroCache {
  private readonly entries = new Map<string, { expires: number; body: string }>();
  private readonly loading = new Map<string, Promise<string>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  async get(key: string, load: () => Promise<unknown>): Promise<string> {
    if (this.ttlMs <= 0) return JSON.stringify(await load());
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.body;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        const body = JSON.stringify(value);
        // A write that happened while loading makes this value stale: serve it once, keep nothing.
        if (generation === this.generation) {
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, { expires: Date.now() + this.ttlMs, body });
        }
        return body;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
  }
}

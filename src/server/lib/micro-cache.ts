import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

/** The encodings Torg answers in, best first: here and, for answers made on the fly, @fastify/compress. */
export const RESPONSE_ENCODINGS = ["br", "gzip"] as const;
type Encoding = (typeof RESPONSE_ENCODINGS)[number];
/** Below this, compression saves less than its header costs. */
export const COMPRESS_THRESHOLD = 1024;
// No answer cache: Accept-Encoding comes from the client, and a cache of it could grow without end.
const encodings = new Negotiator<Encoding>({ supportedValues: [...RESPONSE_ENCODINGS] });

/**
 * Brotli quality for a body kept in the cache (compressed once, sent many times) and for one sent once
 * (the cache off, or an answer never kept): a kept body can afford a slow, small compression; a body
 * sent once pays its compression on every request, and on Torg's HTML quality 2 costs clearly less time
 * than 3 for nearly the same size (decisions 0042 and 0045; measurements in bench/RESULTS.md).
 */
const BROTLI_QUALITY = { kept: 6, once: 2 } as const;

/** A response body (JSON or HTML), its status, and the compressed copies made of it so far. */
export class CachedBody {
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(
    readonly body: string,
    readonly status = 200,
    /** False for a body sent once: it is compressed faster, less tightly. */
    readonly kept = true,
  ) {}

  encode(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === "br"
          ? brotliCompressSync(this.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: this.kept ? BROTLI_QUALITY.kept : BROTLI_QUALITY.once,
                [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(this.body),
              },
            })
          : gzipSync(this.body, { level: this.kept ? 6 : 1 });
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/**
 * Sends a cached body, compressed the way the client asks. The copy is made once per cache entry:
 * compressing the 20 products of a storefront on every request cut the answers per second tenfold,
 * since every browser asks for Brotli or gzip.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  type = "application/json; charset=utf-8",
) {
  reply.status(cached.status).type(type);
  if (cached.body.length < COMPRESS_THRESHOLD) return reply.send(cached.body);
  reply.header("vary", "accept-encoding");
  const encoding = encodings.negotiate(request.headers["accept-encoding"] ?? "");
  if (!encoding) return reply.send(cached.body);
  // With Content-Encoding set, @fastify/compress passes the bytes through.
  return reply.header("content-encoding", encoding).send(cached.encode(encoding));
}

/** How long past its time an entry may still be served while it reloads, in times its time to live. */
const STALE_FOR_TTLS = 5;

export class MicroCache {
  private readonly entries = new Map<string, { expires: number; body: CachedBody }>();
  private readonly loading = new Map<string, Promise<CachedBody>>();
  private generation = 0;
  /** How requests were answered: fresh from memory, stale while reloading, or loaded (for /metrics). */
  readonly stats = { hit: 0, stale: 0, miss: 0 };

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  /** The value `load` gives, as JSON. A load that throws is not kept. */
  get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    return this.remember(key, async () => new CachedBody(JSON.stringify(await load()), 200, this.ttlMs > 0));
  }

  /**
   * A page's HTML and status as `render` gives them. A render that throws is not kept, nor one that
   * `keep` refuses (a page past a store's last, whose addresses a visitor could make up without end).
   */
  getPage(
    key: string,
    render: () => Promise<{ status: number; html: string }>,
    keep: (page: CachedBody) => boolean = () => true,
  ): Promise<CachedBody> {
    return this.remember(
      key,
      async () => {
        const { status, html } = await render();
        return new CachedBody(html, status, this.ttlMs > 0);
      },
      keep,
    );
  }

  /**
   * A fresh entry as it is. An entry past its time but younger than STALE_FOR_TTLS times it is served
   * while one reload runs behind it, so shoppers never queue behind a render once a page has been made;
   * a write clears entries instead, so nothing stale outlives a seller's change in this process.
   */
  private async remember(
    key: string,
    produce: () => Promise<CachedBody>,
    keep: (body: CachedBody) => boolean = () => true,
  ): Promise<CachedBody> {
    if (this.ttlMs <= 0) return produce();
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) {
      this.stats.hit += 1;
      return hit.body;
    }
    if (hit && hit.expires + this.ttlMs * STALE_FOR_TTLS > now) {
      this.stats.stale += 1;
      // A reload that fails drops the entry: the next request loads again and says what went wrong.
      if (!this.loading.has(key)) this.load(key, produce, keep).catch(() => this.entries.delete(key));
      return hit.body;
    }
    this.stats.miss += 1;
    return this.loading.get(key) ?? this.load(key, produce, keep);
  }

  private load(
    key: string,
    produce: () => Promise<CachedBody>,
    keep: (body: CachedBody) => boolean,
  ): Promise<CachedBody> {
    const generation = this.generation;
    const promise = produce()
      .then((body) => {
        // A body `keep` refuses is served once and forgotten (an older one under its key too), and so
        // is one that a write, while it loaded, made stale.
        if (!keep(body)) {
          this.entries.delete(key);
        } else if (generation === this.generation) {
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

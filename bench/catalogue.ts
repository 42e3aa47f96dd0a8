// bench/catalogue: does a storefront stay as light and as quick when the catalogue grows (decision 0040)?
// Seeds, with SQL straight into PostgreSQL, 10,000 stores of 50 products each, one store of 2,000 and one
// of 20, then load-tests the server-rendered storefront uncached (PUBLIC_CACHE_TTL_MS=0): the 20-product
// store, 50-product stores picked at random on every request, the big store's first and a middle page,
// and a search in the big store. Prints req/s, p50, p99 and the page's HTML size beside the 20-product
// store's, with the ratios. The figure that matters is the ratio: on a shared machine the absolute
// numbers are noise. BENCH_STORES and BENCH_DURATION (seconds per page) make it smaller or longer.
import pg from "pg";
import { STOREFRONT_PAGE_SIZE } from "../src/shared/catalogue-paging";
import { report, round } from "./lib";
import { type LoadResult, load } from "./support/load";
import { benchDatabase, startServer, templateWebRoot } from "./support/torg";

const STORES = Number(process.env.BENCH_STORES ?? 10_000);
const PRODUCTS_PER_STORE = 50;
const BIG_STORE_PRODUCTS = 2_000;
const SMALL_STORE_PRODUCTS = 20;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** How many of the 50-product stores the load rotates through: enough that no one store is warm. */
const SAMPLE = Math.min(STORES, 500);

const WORDS = ["Kopp", "Skål", "Fat", "Vase", "Krus", "Tallerken", "Mugge", "Lysestake"];
const GLAZES = ["i steintøy", "med askeglasur", "i blått", "rakubrent", "i porselen", "med jernglasur"];

/**
 * Stores `first`..`first + count - 1` named "Store n" (slug store-n), each with `products` products with
 * a photo each, inserted set-wise: 500,000 products take minutes, not the hours the API would.
 * The photos go in first, under ids chosen for the products beforehand, with the foreign-key check off
 * (`session_replication_role = replica`, this transaction only); then the products, with the triggers
 * on, so each product's view head (decision 0050) is written once, by its own trigger, photo included,
 * instead of once for the product and again for its photo.
 */
async function seedStores(client: pg.Client, slugPrefix: string, count: number, products: number) {
  await client.query("begin");
  await client.query(
    `insert into stores (name, slug, default_locale, theme)
     select 'Store ' || n, $1 || n, 'nb', '{"description":"Dreid og glassert for hånd."}'::jsonb
     from generate_series(1, $2::int) as n`,
    [slugPrefix, count],
  );
  await client.query(
    `create temporary table seeded on commit drop as
     select gen_random_uuid() as id, s.id as store_id, p from stores s cross join generate_series(1, $2::int) as p
     where s.slug like $1 || '%'`,
    [slugPrefix, products],
  );
  await client.query("set local session_replication_role = replica");
  await client.query(
    `insert into product_images (product_id, url, sort_order, is_primary)
     select id, '/uploads/products/bench-' || p || '-1600.webp', 0, true from seeded`,
  );
  await client.query("set local session_replication_role = origin");
  await client.query(
    `insert into products (id, store_id, title, blurb, base_price, stock_qty, position, published_at)
     select id, store_id,
            ($1::text[])[1 + (p % array_length($1::text[], 1))] || ' ' ||
              ($2::text[])[1 + ((p / 8) % array_length($2::text[], 1))] || ' nr. ' || p,
            'Dreid og glassert for hånd i verkstedet vårt. Tåler oppvaskmaskin.',
            150 + (p % 40) * 25, null, p, now()
     from seeded`,
    [WORDS, GLAZES],
  );
  await client.query("commit");
}

interface Target {
  name: string;
  /** Every request asks for the next of these paths. */
  paths: string[];
}

async function measure(server: string, target: Target, duration = DURATION) {
  let next = 0;
  const pathFor = () => {
    const path = target.paths[next % target.paths.length] ?? "/";
    next += 1;
    return path;
  };
  const run: LoadResult = await load({
    url: server,
    duration,
    connections: 20,
    headers: { accept: "text/html" },
    requests: [{ setupRequest: (request) => ({ ...request, path: pathFor() }) }],
  });
  // The page's size as sent uncompressed: what the server renders and a browser parses.
  const sizes = await Promise.all(
    target.paths.slice(0, 5).map(async (path) => {
      const response = await fetch(`${server}${path}`, { headers: { "accept-encoding": "identity" } });
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      return (await response.text()).length;
    }),
  );
  const bytes = Math.round(sizes.reduce((sum, size) => sum + size, 0) / sizes.length);
  return { ...run, bytes };
}

async function main() {
  const database = await benchDatabase("postgres");
  const templates = templateWebRoot();
  // Started first, so its migrations make the tables; no cache, so every request renders.
  const torg = await startServer({ ...database.env, WEB_ROOT: templates.path, PUBLIC_CACHE_TTL_MS: "0" });
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    const seeding = Date.now();
    await seedStores(client, "store-", STORES, PRODUCTS_PER_STORE);
    await seedStores(client, "big-store-", 1, BIG_STORE_PRODUCTS);
    await seedStores(client, "small-store-", 1, SMALL_STORE_PRODUCTS);
    await client.query("analyze");
    const seeded = (Date.now() - seeding) / 1000;
    const total = STORES * PRODUCTS_PER_STORE + BIG_STORE_PRODUCTS + SMALL_STORE_PRODUCTS;
    process.stdout.write(`seeded ${STORES + 2} stores, ${total} products in ${round(seeded)} s\n`);
    report({ figure: "seed: products", value: total, unit: "products" });
    report({ figure: "seed: time", value: round(seeded), unit: "s" });

    const sample = Array.from({ length: SAMPLE }, () => `/s/store-${1 + Math.floor(Math.random() * STORES)}`);
    const middlePage = Math.ceil(BIG_STORE_PRODUCTS / STOREFRONT_PAGE_SIZE / 2);
    const targets: Target[] = [
      { name: `${SMALL_STORE_PRODUCTS}-product store`, paths: ["/s/small-store-1"] },
      { name: `${PRODUCTS_PER_STORE}-product stores (random)`, paths: sample },
      { name: `${BIG_STORE_PRODUCTS}-product store, page 1`, paths: ["/s/big-store-1"] },
      {
        name: `${BIG_STORE_PRODUCTS}-product store, page ${middlePage}`,
        paths: [`/s/big-store-1?page=${middlePage}`],
      },
      { name: `${BIG_STORE_PRODUCTS}-product store, search "kopper"`, paths: ["/s/big-store-1?q=kopper"] },
    ];
    // A warm-up over every page first: the first target measured must not pay for the JIT and the pool.
    const warmUp = targets.flatMap((target) => target.paths.slice(0, 3));
    await measure(torg.url, { name: "warm-up", paths: warmUp }, 3);
    let reference: (LoadResult & { bytes: number }) | undefined;
    for (const target of targets) {
      const result = await measure(torg.url, target);
      reference ??= result;
      const vs = (value: number, base: number) => (base > 0 ? round(value / base, 2) : 0);
      process.stdout.write(
        `${target.name}: ${round(result.requestsPerSecond, 0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
          `${result.bytes} bytes of HTML, non-2xx ${result.non2xx}, errors ${result.errors}` +
          (result === reference
            ? " (the reference)\n"
            : ` — ×${vs(result.p99, reference.p99)} p99, ×${vs(result.bytes, reference.bytes)} bytes, ×${vs(result.requestsPerSecond, reference.requestsPerSecond)} req/s of the ${SMALL_STORE_PRODUCTS}-product store\n`),
      );
      report({ figure: `${target.name}: req/s`, value: round(result.requestsPerSecond, 0), unit: "req/s" });
      report({ figure: `${target.name}: p50`, value: result.p50, unit: "ms" });
      report({
        figure: `${target.name}: p99`,
        value: result.p99,
        unit: "ms",
        ...(result === reference ? {} : { ratio: vs(result.p99, reference.p99) }),
      });
      report({
        figure: `${target.name}: HTML`,
        value: result.bytes,
        unit: "bytes",
        ...(result === reference ? {} : { ratio: vs(result.bytes, reference.bytes) }),
      });
    }
  } finally {
    await client.end().catch(() => undefined);
    await torg.stop();
    templates.remove();
    await database.drop();
  }
}

await main();

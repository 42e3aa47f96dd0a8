import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../../adapters/storage/local";
import { buildApp } from "../../app";
import { productImages, products, productViews, users } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import {
  Agent,
  createTestApp,
  createTestDatabase,
  signUp,
  type TestApp,
  testConfig,
} from "../../test/harness";
import { storeBookedShipment } from "../shipping/testing";
import { restoreBackup, writeBackup } from "./archive";
import { ordersChecksum, rowCounts } from "./database-dump";

/** Text that has broken hand-made dumps: quotes, semicolons, comment marks, new lines, JSON, emoji. */
const TRICKY_TITLE = "Krus; 'blå' -- ny linje /* ikke */ \\ slutt";
/** A title is one line (decision 0057): the line break a dump must keep travels in the description. */
const TRICKY_BLURB = 'Glasert 🌿 {"a": 1}\nny linje; -- ikke \\ slutt';

let source: TestApp;
let seller: Awaited<ReturnType<typeof signUp>>;
let tricky: { id: string; primaryImage: string };
let label: { labelKey: string } | undefined;
const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-backup-test-"));
  folders.push(dir);
  return dir;
};

/** A shop with products, photos, orders and their SMS: what a backup must carry. */
beforeAll(async () => {
  source = await createTestApp();
  seller = await signUp(source.app);
  const store = await createStoreVia(seller.agent);
  tricky = await createProductVia(seller.agent, store.id, {
    title: TRICKY_TITLE,
    blurb: TRICKY_BLURB,
  });
  const plain = await createProductVia(seller.agent, store.id, { title: "Skål", basePrice: "199" });
  for (let n = 0; n < 3; n++) {
    const order = await new Agent(source.app).request({
      method: "POST",
      url: "/api/orders",
      remoteAddress: `10.7.0.${n + 1}`,
      payload: {
        storeId: store.id,
        buyerEmail: `kunde${n}@example.no`,
        shipToName: "Nora O'Kunde",
        shipToPhone: "+47 912 34 567",
        items: [
          { productId: tricky.id, qty: n + 1 },
          { productId: plain.id, qty: 1 },
        ],
      },
    });
    expect(order.statusCode).toBe(201);
    // The first order's parcel is booked: its label (decision 0079) travels with the photos.
    if (n === 0) label = await storeBookedShipment(source, { id: order.json().id, storeId: store.id });
  }
});
afterAll(async () => {
  await source.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run backup and npm run restore", () => {
  it("bring back every row, the orders exactly, and the photos, into an empty installation", async () => {
    const file = path.join(tempDir(), "torg.tar.gz");
    const storage = createLocalStorage(source.config.uploadDir ?? "");
    const manifest = await writeBackup(source.database, storage, file);
    expect(manifest.rows.orders).toBe(3);
    expect(manifest.uploads).toBeGreaterThanOrEqual(7);

    const target = await createTestDatabase();
    const uploads = tempDir();
    try {
      await restoreBackup(target, createLocalStorage(uploads), file);
      expect(await rowCounts(target.db)).toEqual(await rowCounts(source.database.db));
      expect(await ordersChecksum(target.db)).toBe(await ordersChecksum(source.database.db));
      const labelFile = path.join(uploads, label?.labelKey ?? "missing");
      expect(fs.readFileSync(labelFile).subarray(0, 4).toString()).toBe("%PDF");
      const [restored] = await target.db.select().from(products).where(eq(products.id, tricky.id));
      const [original] = await source.database.db.select().from(products).where(eq(products.id, tricky.id));
      expect(restored).toEqual(original);

      // The restored installation serves the photos and lets the seller in with the same password.
      const app = await buildApp({ config: testConfig({ UPLOAD_DIR: uploads }), database: target });
      try {
        const photo = await app.inject({ method: "GET", url: tricky.primaryImage });
        expect(photo.statusCode).toBe(200);
        expect(photo.headers["content-type"]).toBe("image/webp");
        const login = await app.inject({
          method: "POST",
          url: "/api/login",
          payload: { email: seller.user.email, password: seller.password },
        });
        expect(login.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await target.close();
    }
  });

  it("refuses a database that already holds data, and changes nothing in it", async () => {
    const file = path.join(tempDir(), "torg.tar.gz");
    await writeBackup(source.database, createLocalStorage(source.config.uploadDir ?? ""), file);
    const before = await rowCounts(source.database.db);
    await expect(restoreBackup(source.database, createLocalStorage(tempDir()), file)).rejects.toThrow(
      /not empty/,
    );
    expect(await rowCounts(source.database.db)).toEqual(before);
  });

  it("refuses a file that is not a backup", async () => {
    const file = path.join(tempDir(), "not-a-backup.tar.gz");
    fs.writeFileSync(file, "hello");
    const target = await createTestDatabase();
    try {
      await expect(restoreBackup(target, createLocalStorage(tempDir()), file)).rejects.toThrow();
      expect(Object.values(await rowCounts(target.db)).every((count) => count === 0)).toBe(true);
    } finally {
      await target.close();
    }
  });
});

describe("tables larger than a page", () => {
  it("come back whole, read a page at a time after the last key (also a key of two columns)", async () => {
    const database = await createTestDatabase();
    const target = await createTestDatabase();
    try {
      const db = database.db;
      await db.execute(sql`insert into stores (id, name, slug) values (gen_random_uuid(), 'S', 'paged')`);
      await db.execute(
        sql`insert into products (store_id, title) select id, 'Krus' from stores where slug = 'paged'`,
      );
      // product_views' key is (product_id, day): 2,345 days of one product.
      await db.execute(sql`insert into product_views (product_id, store_id, day, views)
        select p.id, p.store_id, date '2020-01-01' + g, g from products p, generate_series(1, 2345) g`);
      await db.execute(sql`insert into rate_limits (key, count, reset_at)
        select 'k' || g, g, timestamptz '2026-11-28 10:00:00+00' + g * interval '1 second'
        from generate_series(1, 2100) g`);
      const file = path.join(tempDir(), "paged.tar.gz");
      await writeBackup(database, createLocalStorage(tempDir()), file);
      await restoreBackup(target, createLocalStorage(tempDir()), file);
      const dump = (d: typeof db) =>
        d.execute(sql`select (select json_agg(v order by day) from product_views v)::text as views,
                             (select json_agg(r order by key) from rate_limits r)::text as limits`);
      expect((await dump(target.db)).rows).toEqual((await dump(db)).rows);
      expect((await rowCounts(target.db)).product_views).toBe(2345);
    } finally {
      await database.close();
      await target.close();
    }
  });
});

describe("a backup written by the previous version (format 1, database.sql)", () => {
  /** Written by the format-1 writer (commit 185bdfc): a shop with an order, a view count and a photo. */
  const FIXTURE = path.resolve("src/server/modules/backup/fixtures/format-1-backup.tar.gz");

  it("still restores: every row, text with quotes, backslashes and new lines, the photos, the login", async () => {
    const target = await createTestDatabase();
    const uploads = tempDir();
    try {
      const manifest = await restoreBackup(target, createLocalStorage(uploads), FIXTURE);
      expect(manifest.format).toBe(1);
      const rows = await rowCounts(target.db);
      for (const [table, count] of Object.entries(manifest.rows)) expect(rows[table]).toBe(count);
      const [product] = await target.db.select().from(products);
      expect(product?.title).toBe("Krus; 'blå' -- ny\nlinje /* ikke */ \\ slutt");
      expect(product?.blurb).toBe("Glasert 🌿 {\"a\": 1} $$ E'x' \\n");
      expect(product?.basePrice).toBe("349.00");
      const [views] = await target.db.select().from(productViews);
      expect(views).toMatchObject({ day: "2026-11-27", views: 3 });
      const [user] = await target.db.select().from(users);

      const app = await buildApp({ config: testConfig({ UPLOAD_DIR: uploads }), database: target });
      try {
        const [image] = await target.db.select().from(productImages);
        const photo = await app.inject({ method: "GET", url: image?.url ?? "" });
        expect(photo.statusCode).toBe(200);
        const login = await app.inject({
          method: "POST",
          url: "/api/login",
          payload: { email: user?.email, password: "a-strong-password" },
        });
        expect(login.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await target.close();
    }
  });
});

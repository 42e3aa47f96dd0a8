import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { openPglite } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestDatabase, signUp, testConfig } from "../../test/harness";
import { ordersChecksum, rowCounts } from "./database-dump";
import { copyDatabase } from "./move";

/** Moving needs a PostgreSQL server to move to: this file runs in the suite's PostgreSQL pass only. */
const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-move-test-"));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const TRICKY_TITLE = "Krus; 'blå' -- ny linje /* ikke */ \\ slutt";
/** A title is one line (decision 0057): the line break a dump must keep travels in the description. */
const TRICKY_BLURB = 'Glasert 🌿 {"a": 1}\nny linje; -- ikke \\ slutt';

describe("npm run db:move-to-postgres", () => {
  it("copies the embedded database into an empty PostgreSQL with equal row counts and orders", async () => {
    const embedded = await openPglite();
    await migrateDatabase(embedded);
    const app = await buildApp({ config: testConfig({ UPLOAD_DIR: tempDir() }), database: embedded });
    const target = await createTestDatabase();
    try {
      await app.ready();
      const owner = await signUp(app);
      const store = await createStoreVia(owner.agent);
      const product = await createProductVia(owner.agent, store.id, {
        title: TRICKY_TITLE,
        blurb: TRICKY_BLURB,
      });
      const order = await new Agent(app).post("/api/orders", {
        storeId: store.id,
        buyerEmail: "kunde@example.no",
        shipToName: "Kari",
        shipToPhone: "+47 912 34 567",
        items: [{ productId: product.id, qty: 2 }],
      });
      expect(order.statusCode).toBe(201);
      const rows = await copyDatabase(embedded, target);
      expect(rows.orders).toBe(1);
      expect(await rowCounts(target.db)).toEqual(await rowCounts(embedded.db));
      expect(await ordersChecksum(target.db)).toBe(await ordersChecksum(embedded.db));
    } finally {
      await app.close();
      await embedded.close();
      await target.close();
    }
  });
});

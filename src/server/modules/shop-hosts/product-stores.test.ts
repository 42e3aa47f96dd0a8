import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { ProductStores } from "./product-stores";

describe("ProductStores", () => {
  let t: TestApp;
  let store: { id: string };
  const productIds: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const { agent } = await signUp(t.app);
    store = await createStoreVia(agent, "Keramikk Kari");
    for (const title of ["Ash green mug", "Salt bowl", "Wool blanket"]) {
      productIds.push((await createProductVia(agent, store.id, { title })).id);
    }
  });
  afterAll(() => t.close());

  const forget = (id: string) => t.database.db.delete(products).where(eq(products.id, id));

  it("names a product's store, and keeps it: asked again, it does not read the product", async () => {
    const memo = new ProductStores(t.database.db);
    const [first] = productIds as [string];
    expect(await memo.storeOf(first)).toBe(store.id);
    await forget(first);
    expect(await memo.storeOf(first)).toBe(store.id);
  });

  it("has no store for a product nobody has", async () => {
    expect(await new ProductStores(t.database.db).storeOf(randomUUID())).toBeUndefined();
  });

  it("keeps at most its limit, letting the oldest go first", async () => {
    const memo = new ProductStores(t.database.db, 1);
    const [, second, third] = productIds as [string, string, string];
    expect(await memo.storeOf(second)).toBe(store.id);
    expect(await memo.storeOf(third)).toBe(store.id);
    await forget(second);
    await forget(third);
    expect(await memo.storeOf(third)).toBe(store.id);
    expect(await memo.storeOf(second)).toBeUndefined();
  });
});

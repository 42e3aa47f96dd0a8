import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

/**
 * A product's packed weight and size (decision 0079): the seller writes and reads them with the product,
 * and they are the seller's only: no public read of the product carries them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SHIPPING_KEYS = ["weightGrams", "lengthCm", "widthCm", "heightCm"];

async function sellerWithProduct(fields: Record<string, string> = {}) {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const product = await createProductVia(seller.agent, store.id, fields);
  return { ...seller, store, product };
}

describe("product weight and size", () => {
  it("are saved with a new product (multipart text) and read back by the seller", async () => {
    const { agent, product } = await sellerWithProduct({ weightGrams: "450", lengthCm: "20", widthCm: "" });
    expect(product).toMatchObject({ weightGrams: 450, lengthCm: 20, widthCm: null, heightCm: null });
    const read = await agent.get(`/api/products/${product.id}`);
    expect(read.json()).toMatchObject({ weightGrams: 450, lengthCm: 20, widthCm: null, heightCm: null });
  });

  it("a product without them has them null", async () => {
    const { agent, product } = await sellerWithProduct();
    expect((await agent.get(`/api/products/${product.id}`)).json()).toMatchObject({
      weightGrams: null,
      lengthCm: null,
      widthCm: null,
      heightCm: null,
    });
  });

  it("an update changes, keeps (absent) and clears (null) them", async () => {
    const { agent, product } = await sellerWithProduct({ weightGrams: "450" });
    const url = `/api/products/${product.id}`;
    const saved = await agent.put(url, { weightGrams: 1200, lengthCm: 30, widthCm: 20, heightCm: 10 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ weightGrams: 1200, lengthCm: 30, widthCm: 20, heightCm: 10 });

    const titled = await agent.put(url, { title: "Big bowl" });
    expect(titled.json()).toMatchObject({ title: "Big bowl", weightGrams: 1200, heightCm: 10 });

    const cleared = await agent.put(url, {
      weightGrams: null,
      lengthCm: null,
      widthCm: null,
      heightCm: null,
    });
    expect(cleared.json()).toMatchObject({
      weightGrams: null,
      lengthCm: null,
      widthCm: null,
      heightCm: null,
    });
    expect((await agent.get(url)).json()).toMatchObject({ weightGrams: null, heightCm: null });
  });

  it("refuses bad values with 400 and the field's message, and keeps what was saved", async () => {
    const { agent, product } = await sellerWithProduct({ weightGrams: "450" });
    const url = `/api/products/${product.id}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ weightGrams: 0 }, "Enter the weight in whole grams"],
      [{ weightGrams: -5 }, "Enter the weight in whole grams"],
      [{ weightGrams: 12.5 }, "Enter the weight in whole grams"],
      [{ weightGrams: "heavy" }, "Enter the weight in whole grams"],
      [{ weightGrams: true }, "Enter the weight in whole grams"],
      [{ weightGrams: 35_001 }, "A parcel can weigh at most 35 kg"],
      [{ lengthCm: 0 }, "Enter each side in whole centimetres, at most 240"],
      [{ widthCm: 241 }, "Enter each side in whole centimetres, at most 240"],
      [{ heightCm: "1e3" }, "Enter each side in whole centimetres, at most 240"],
    ];
    for (const [body, message] of cases) {
      const refused = await agent.put(url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message, JSON.stringify(body)).toBe(message);
    }
    expect((await agent.get(url)).json()).toMatchObject({ weightGrams: 450 });

    const store = await createStoreVia(agent);
    await expect(createProductVia(agent, store.id, { weightGrams: "0,5" })).rejects.toThrow(/400/);
  });

  it("never appear in a public read of the product or the store", async () => {
    const { store, product } = await sellerWithProduct({
      weightGrams: "450",
      lengthCm: "20",
      widthCm: "15",
      heightCm: "10",
    });
    const visitor = new Agent(t.app);
    const shopper = (await signUp(t.app)).agent;
    const answers = [
      await visitor.get(`/api/products/${product.id}`),
      await shopper.get(`/api/products/${product.id}`),
      await visitor.get(`/api/stores/${store.id}/products`),
      await shopper.get(`/api/stores/${store.id}/products`),
      await visitor.get(`/api/stores/${store.id}/products?q=mug`),
      await visitor.get(`/api/stores/slug/${store.slug}`),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      for (const key of SHIPPING_KEYS) expect(answer.body).not.toContain(`"${key}"`);
    }
    expect(answers[0]?.json()).toMatchObject({ id: product.id, title: "Stoneware mug" });
  });
});

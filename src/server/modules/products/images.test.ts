import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "../../../shared/image-url";
import type { ProductView } from "../../../shared/product";
import type { ProductImages } from "../../../shared/product-images";
import { createStorage } from "../../adapters/storage";
import { createProductVia, createStoreVia, multipart, sampleJpeg } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  photo = await sampleJpeg(640, 480);
});
afterAll(() => t.close());

function addPhoto(agent: Agent, productId: string, body = photo) {
  const form = multipart({}, [{ field: "image", filename: "side.jpg", body, type: "image/jpeg" }]);
  return agent.request({ method: "POST", url: `/api/products/${productId}/images`, ...form });
}

/** Every width the pipeline wrote for an uploaded photo, and whether storage still holds it. */
async function filesOf(url: string) {
  const storage = createStorage(t.config);
  const base = url.replace(/^\/uploads\//, "").replace(/-1600\.webp$/, "");
  return Promise.all(IMAGE_WIDTHS.map((width) => storage.exists(`${base}-${width}.webp`)));
}

function storedFileCount() {
  const root = t.config.uploadDir ?? "";
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

async function sellerWithProduct() {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const product = await createProductVia(seller.agent, store.id);
  return { ...seller, store, product };
}

async function publicView(productId: string) {
  const response = await new Agent(t.app).get(`/api/products/${productId}`);
  expect(response.statusCode).toBe(200);
  return response.json() as ProductView;
}

describe("a product's photos", () => {
  it("adds photos at the end, keeps the first primary, and every read shows them in order", async () => {
    const { agent, store, product } = await sellerWithProduct();
    const second = await addPhoto(agent, product.id);
    expect(second.statusCode).toBe(200);
    const third = await addPhoto(agent, product.id);
    const body = third.json() as ProductImages;
    expect(body.images).toHaveLength(3);
    expect(body.images.map((image) => image.sortOrder)).toEqual([0, 1, 2]);
    expect(body.images.map((image) => image.isPrimary)).toEqual([true, false, false]);
    expect(body.primaryImage).toBe(product.primaryImage);
    expect(new Set(body.images.map((image) => image.url)).size).toBe(3);
    for (const image of body.images) expect(await filesOf(image.url)).toEqual([true, true, true]);

    const shown = await publicView(product.id);
    expect(shown.images.map((image) => image.id)).toEqual(body.images.map((image) => image.id));
    expect(shown.primaryImage).toBe(product.primaryImage);
    const storefront = await new Agent(t.app).get(`/api/stores/${store.id}/products`);
    const card = (storefront.json() as ProductView[]).find((p) => p.id === product.id);
    expect(card?.images.map((image) => image.url)).toEqual(body.images.map((image) => image.url));
  });

  it("refuses the 11th photo with a clear 409 and stores nothing for it", async () => {
    const { agent, product } = await sellerWithProduct();
    for (let n = 2; n <= 10; n++) expect((await addPhoto(agent, product.id)).statusCode).toBe(200);
    const filesBefore = storedFileCount();
    const eleventh = await addPhoto(agent, product.id);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe(
      "A product can have at most 10 photos. Remove one before adding another.",
    );
    expect((await publicView(product.id)).images).toHaveLength(10);
    expect(storedFileCount()).toBe(filesBefore);
  });

  it("keeps ten at most when uploads race", async () => {
    const { agent, product } = await sellerWithProduct();
    for (let n = 2; n <= 8; n++) await addPhoto(agent, product.id);
    const answers = await Promise.all([1, 2, 3, 4].map(() => addPhoto(agent, product.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409]);
    expect((await publicView(product.id)).images).toHaveLength(10);
  });

  it("reorders: the first becomes primary, on the card and the product page", async () => {
    const { agent, product } = await sellerWithProduct();
    await addPhoto(agent, product.id);
    const { images } = (await addPhoto(agent, product.id)).json() as ProductImages;
    const [a, b, c] = images.map((image) => image.id);
    const response = await agent.put(`/api/products/${product.id}/images/order`, { imageIds: [c, a, b] });
    expect(response.statusCode).toBe(200);
    const body = response.json() as ProductImages;
    expect(body.images.map((image) => image.id)).toEqual([c, a, b]);
    expect(body.images.map((image) => image.isPrimary)).toEqual([true, false, false]);
    const shown = await publicView(product.id);
    expect(shown.primaryImage).toBe(images[2]?.url);
    expect(shown.images.map((image) => image.id)).toEqual([c, a, b]);
  });

  it("the marker's coordinates follow the photo they were found in when another photo becomes primary", async () => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent);
    const product = await createProductVia(seller.agent, store.id, { coordinates: '{"x":30,"y":70}' });
    const { images } = (await addPhoto(seller.agent, product.id)).json() as ProductImages;
    const [a, b] = images.map((image) => image.id);
    const order = (imageIds: (string | undefined)[]) =>
      seller.agent.put(`/api/products/${product.id}/images/order`, { imageIds });
    expect((await publicView(product.id)).coordinates).toEqual({ x: 30, y: 70 });
    await order([b, a]);
    expect((await publicView(product.id)).coordinates).toBeNull();
    await order([a, b]);
    expect((await publicView(product.id)).coordinates).toEqual({ x: 30, y: 70 });
  });

  it("refuses an order that is not exactly the product's photos (400) and changes nothing", async () => {
    const { agent, product } = await sellerWithProduct();
    const { images } = (await addPhoto(agent, product.id)).json() as ProductImages;
    const [a, b] = images.map((image) => image.id);
    const other = await sellerWithProduct();
    const foreign = (await publicView(other.product.id)).images[0]?.id;
    for (const imageIds of [[b], [b, b], [b, a, a], [b, foreign], [], ["not-a-uuid"]]) {
      const response = await agent.put(`/api/products/${product.id}/images/order`, { imageIds });
      expect(response.statusCode, JSON.stringify(imageIds)).toBe(400);
      expect(response.json().message).toMatch(/photo order|photo|invalid/i);
    }
    expect((await publicView(product.id)).images.map((image) => image.id)).toEqual([a, b]);
  });

  it("keeps the order through product edits, a new main photo included", async () => {
    const { agent, product } = await sellerWithProduct();
    await addPhoto(agent, product.id);
    const { images } = (await addPhoto(agent, product.id)).json() as ProductImages;
    const [a, b, c] = images.map((image) => image.id);
    await agent.put(`/api/products/${product.id}/images/order`, { imageIds: [b, c, a] });
    const edit = await agent.put(`/api/products/${product.id}`, { title: "Renamed mug", basePrice: "200" });
    expect(edit.statusCode).toBe(200);
    expect((edit.json() as ProductView).images.map((image) => image.id)).toEqual([b, c, a]);

    // The edit form's "replace photo" swaps the main photo in its place; the others stay where they were.
    const form = multipart({ title: "Renamed mug" }, [
      { field: "image", filename: "new.jpg", body: await sampleJpeg(500, 500), type: "image/jpeg" },
    ]);
    const replaced = await agent.request({ method: "PUT", url: `/api/products/${product.id}`, ...form });
    expect(replaced.statusCode).toBe(200);
    const after = (replaced.json() as ProductView).images;
    expect(after).toHaveLength(3);
    expect(after[0]?.isPrimary).toBe(true);
    expect(after.slice(1).map((image) => image.id)).toEqual([c, a]);
    expect(await filesOf(images[1]?.url ?? "")).toEqual([false, false, false]);
  });

  it("removing a photo deletes all its stored widths; removing the primary makes the next one primary", async () => {
    const { agent, store, product } = await sellerWithProduct();
    await addPhoto(agent, product.id);
    const { images } = (await addPhoto(agent, product.id)).json() as ProductImages;
    const [first, second, third] = images;
    if (!first || !second || !third) throw new Error("three photos expected");

    const middle = await agent.delete(`/api/products/${product.id}/images/${second.id}`);
    expect(middle.statusCode).toBe(200);
    expect(await filesOf(second.url)).toEqual([false, false, false]);
    expect(await filesOf(first.url)).toEqual([true, true, true]);

    const primary = await agent.delete(`/api/products/${product.id}/images/${first.id}`);
    const body = primary.json() as ProductImages;
    expect(body.images.map((image) => [image.id, image.isPrimary, image.sortOrder])).toEqual([
      [third.id, true, 0],
    ]);
    expect(body.primaryImage).toBe(third.url);
    expect(await filesOf(first.url)).toEqual([false, false, false]);
    expect((await publicView(product.id)).primaryImage).toBe(third.url);

    // The store showed the first product photo as its hero; it now shows one that still exists.
    const storeView = await agent.get(`/api/stores/${store.id}`);
    expect(storeView.json().fallbackHeroImage).toBe(third.url);

    const last = await agent.delete(`/api/products/${product.id}/images/${third.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(
      "A product needs at least one photo. Add another photo before removing this one.",
    );
    expect(await filesOf(third.url)).toEqual([true, true, true]);
    const again = await agent.delete(`/api/products/${product.id}/images/${first.id}`);
    expect(again.statusCode).toBe(404);
  });

  it("deleting the product deletes every photo's files", async () => {
    const { agent, product } = await sellerWithProduct();
    const { images } = (await addPhoto(agent, product.id)).json() as ProductImages;
    expect((await agent.delete(`/api/products/${product.id}`)).statusCode).toBe(200);
    for (const image of images) expect(await filesOf(image.url)).toEqual([false, false, false]);
  });

  it("is 404 for another seller's product and 401 signed out, and nothing changes", async () => {
    const { agent, product } = await sellerWithProduct();
    const { images } = (await addPhoto(agent, product.id)).json() as ProductImages;
    const ids = images.map((image) => image.id);
    const other = await signUp(t.app);
    const anonymous = new Agent(t.app);
    for (const [who, status] of [
      [other.agent, 404],
      [anonymous, 401],
    ] as const) {
      expect((await addPhoto(who, product.id)).statusCode).toBe(status);
      expect((await who.delete(`/api/products/${product.id}/images/${ids[1]}`)).statusCode).toBe(status);
      const order = await who.put(`/api/products/${product.id}/images/order`, { imageIds: ids.reverse() });
      expect(order.statusCode).toBe(status);
    }
    const shown = await publicView(product.id);
    expect(shown.images.map((image) => image.url)).toEqual(images.map((image) => image.url));
    for (const image of images) expect(await filesOf(image.url)).toEqual([true, true, true]);
    expect((await addPhoto(agent, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("refuses a request without a photo, or with one that is not an image, and stores nothing", async () => {
    const { agent, product } = await sellerWithProduct();
    const empty = multipart({}, []);
    const none = await agent.request({ method: "POST", url: `/api/products/${product.id}/images`, ...empty });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Please upload a product image.");
    const text = await addPhoto(agent, product.id, Buffer.from("not an image at all"));
    expect(text.statusCode).toBe(415);
    expect((await publicView(product.id)).images).toHaveLength(1);
  });
});

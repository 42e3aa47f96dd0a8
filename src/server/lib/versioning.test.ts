import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductVia, createStoreVia, multipart, sampleJpeg } from "../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../test/harness";

/** Two tabs of one seller: a save from the version a form was filled from, after the other tab saved. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STALE = "This was changed in another tab or by someone else. Reload to see the latest version.";

describe("store settings refuse a stale save", () => {
  it("answers 409 to a save from an old version and keeps the other tab's change", async () => {
    const { agent } = await signUp(t.app);
    const created = await createStoreVia(agent, "Fjellbu Keramikk");
    const read = (await agent.get(`/api/stores/${created.id}`)).json();

    const first = await agent.put(`/api/stores/${created.id}`, {
      name: "Fjellbu Keramikk og Glass",
      expectedUpdatedAt: read.updatedAt,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().updatedAt).not.toBe(read.updatedAt);

    const stale = await agent.put(`/api/stores/${created.id}`, {
      name: "Fjellbu",
      description: "Written in the stale tab",
      expectedUpdatedAt: read.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE });

    const now = (await agent.get(`/api/stores/${created.id}`)).json();
    expect(now).toMatchObject({ name: "Fjellbu Keramikk og Glass", theme: {} });
    expect(now.updatedAt).toBe(first.json().updatedAt);
  });

  it("saves from the current version, and without a version as before", async () => {
    const { agent } = await signUp(t.app);
    const created = await createStoreVia(agent, "Havbris");
    const read = (await agent.get(`/api/stores/${created.id}`)).json();

    const fresh = await agent.put(`/api/stores/${created.id}`, {
      name: "Havbris Strikk",
      expectedUpdatedAt: read.updatedAt,
    });
    expect(fresh.statusCode).toBe(200);
    const again = await agent.put(`/api/stores/${created.id}`, {
      description: "Wool from Voss",
      expectedUpdatedAt: fresh.json().updatedAt,
    });
    expect(again.statusCode).toBe(200);

    const unversioned = await agent.put(`/api/stores/${created.id}`, { phone: "+4791234567" });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.json()).toMatchObject({
      name: "Havbris Strikk",
      theme: { description: "Wool from Voss" },
      phone: "+4791234567",
    });
    // Every save is a new version, also one that named none.
    expect(unversioned.json().updatedAt > again.json().updatedAt).toBe(true);
  });

  it("lets exactly one of two simultaneous saves from the same version through", async () => {
    const { agent } = await signUp(t.app);
    const created = await createStoreVia(agent, "Tvilling");
    const read = (await agent.get(`/api/stores/${created.id}`)).json();
    const answers = await Promise.all(
      ["Tvilling A", "Tvilling B"].map((name) =>
        agent.put(`/api/stores/${created.id}`, { name, expectedUpdatedAt: read.updatedAt }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json().name;
    expect((await agent.get(`/api/stores/${created.id}`)).json().name).toBe(winner);
  });

  it("words the refusal in the reader's language and refuses a version that is not a time", async () => {
    const { agent } = await signUp(t.app);
    const created = await createStoreVia(agent, "Språk");
    const stale = await agent.request({
      method: "PUT",
      url: `/api/stores/${created.id}`,
      headers: { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" },
      payload: { name: "Språkbutikken", expectedUpdatedAt: "2020-01-01T00:00:00.000Z" },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      "Dette ble endret i en annen fane eller av noen andre. Last inn siden på nytt for å se den nyeste versjonen.",
    );
    const garbage = await agent.put(`/api/stores/${created.id}`, {
      name: "X",
      expectedUpdatedAt: "yesterday",
    });
    expect(garbage.statusCode).toBe(400);
    expect((await agent.get(`/api/stores/${created.id}`)).json().name).toBe("Språk");
  });
});

describe("product edits refuse a stale save", () => {
  it("answers 409 to a JSON save from an old version and keeps the other tab's change", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const product = await createProductVia(agent, store.id);
    const read = (await agent.get(`/api/products/${product.id}`)).json();

    const first = await agent.put(`/api/products/${product.id}`, {
      title: "Ash green mug",
      expectedUpdatedAt: read.updatedAt,
    });
    expect(first.statusCode).toBe(200);

    const stale = await agent.put(`/api/products/${product.id}`, {
      title: "Mug",
      basePrice: "10",
      expectedUpdatedAt: read.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE });
    expect((await agent.get(`/api/products/${product.id}`)).json()).toMatchObject({
      title: "Ash green mug",
      basePrice: "349.00",
      updatedAt: first.json().updatedAt,
    });
  });

  it("refuses a stale multipart save with a new photo and keeps the old photo", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const product = await createProductVia(agent, store.id);
    const read = (await agent.get(`/api/products/${product.id}`)).json();
    expect((await agent.put(`/api/products/${product.id}`, { isActive: false })).statusCode).toBe(200);

    const form = multipart({ title: "New photo", expectedUpdatedAt: read.updatedAt }, [
      { field: "image", filename: "new.jpg", body: await sampleJpeg(800, 600), type: "image/jpeg" },
    ]);
    const stale = await agent.request({ method: "PUT", url: `/api/products/${product.id}`, ...form });
    expect(stale.statusCode).toBe(409);
    const now = (await agent.get(`/api/products/${product.id}`)).json();
    expect(now).toMatchObject({
      title: "Stoneware mug",
      isActive: false,
      primaryImage: product.primaryImage,
    });
    expect((await agent.get(product.primaryImage)).statusCode).toBe(200);
  });

  it("saves from the current version, and without a version as before", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const product = await createProductVia(agent, store.id);
    const read = (await agent.get(`/api/products/${product.id}`)).json();

    const fresh = await agent.put(`/api/products/${product.id}`, {
      title: "Tall mug",
      expectedUpdatedAt: read.updatedAt,
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().updatedAt > read.updatedAt).toBe(true);

    const unversioned = await agent.put(`/api/products/${product.id}`, { basePrice: "399" });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.json()).toMatchObject({ title: "Tall mug", basePrice: "399.00" });
    expect(unversioned.json().updatedAt > fresh.json().updatedAt).toBe(true);
  });
});

describe("payment channels refuse a stale save", () => {
  const channels = (id: string) => `/api/stores/${id}/payment-channels`;

  it("answers 409 to a save or removal from an old version and keeps the other tab's change", async () => {
    const { agent, password: currentPassword } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const vipps = (
      await agent.post(channels(store.id), { provider: "vipps", externalId: "123456", currentPassword })
    ).json();

    const first = await agent.post(channels(store.id), {
      provider: "vipps",
      externalId: "222222",
      currentPassword,
      expectedUpdatedAt: vipps.updatedAt,
    });
    expect(first.statusCode).toBe(201);

    const stale = await agent.post(channels(store.id), {
      provider: "vipps",
      externalId: "333333",
      currentPassword,
      isLive: true,
      expectedUpdatedAt: vipps.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE });
    const staleRemoval = await agent.request({
      method: "DELETE",
      url: `${channels(store.id)}/vipps`,
      payload: { expectedUpdatedAt: vipps.updatedAt, currentPassword },
    });
    expect(staleRemoval.statusCode).toBe(409);
    expect((await agent.get(channels(store.id))).json()).toMatchObject([
      { provider: "vipps", externalId: "222222", isLive: false },
    ]);
  });

  it("refuses to overwrite a channel another tab added while this form showed none", async () => {
    const { agent, password: currentPassword } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const added = await agent.post(channels(store.id), {
      provider: "stripe",
      externalId: "acct_1A2b3C4d5E6f",
      currentPassword,
      expectedUpdatedAt: null,
    });
    expect(added.statusCode).toBe(201);
    const stale = await agent.post(channels(store.id), {
      provider: "stripe",
      externalId: "acct_9Z8y7X6w5V4u",
      currentPassword,
      expectedUpdatedAt: null,
    });
    expect(stale.statusCode).toBe(409);
    expect((await agent.get(channels(store.id))).json()[0].externalId).toBe("acct_1A2b3C4d5E6f");
  });

  it("saves and removes from the current version, and without a version as before", async () => {
    const { agent, password: currentPassword } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const vipps = (
      await agent.post(channels(store.id), { provider: "vipps", externalId: "123456", currentPassword })
    ).json();
    const fresh = await agent.post(channels(store.id), {
      provider: "vipps",
      externalId: "654321",
      currentPassword,
      expectedUpdatedAt: vipps.updatedAt,
    });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().updatedAt > vipps.updatedAt).toBe(true);
    const removed = await agent.request({
      method: "DELETE",
      url: `${channels(store.id)}/vipps`,
      payload: { expectedUpdatedAt: fresh.json().updatedAt, currentPassword },
    });
    expect(removed.statusCode).toBe(200);
    expect((await agent.get(channels(store.id))).json()).toEqual([]);

    await agent.post(channels(store.id), { provider: "vipps", externalId: "123456", currentPassword });
    const unversioned = await agent.post(channels(store.id), {
      provider: "vipps",
      externalId: "777777",
      currentPassword,
    });
    expect(unversioned.json()).toMatchObject({ externalId: "777777" });
    const unversionedRemoval = await agent.request({
      method: "DELETE",
      url: `${channels(store.id)}/vipps`,
      payload: { currentPassword },
    });
    expect(unversionedRemoval.statusCode).toBe(200);
    expect((await agent.get(channels(store.id))).json()).toEqual([]);
  });
});

/**
 * Slug inheritance through QR codes: a seller deletes a store, its printed QR codes still send every
 * scan to /s/{old slug}, and the next store to take that slug (anyone's) receives them. Deleting a store
 * switches its codes off and detaches them; the seller may link one to another store of theirs, which
 * points it at that store, and never to a store that is not theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStoreVia } from "../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://torg.example.no" });
});
afterAll(() => t.close());

describe("QR codes of a deleted store", () => {
  it("no longer lead to the next store that takes its slug; re-linking points them at the new store", async () => {
    const seller = await signUp(t.app);
    const old = await createStoreVia(seller.agent, "Gamle Bua", "gamle-bua");
    const created = await seller.agent.post("/api/qr-codes", {
      code: "gamle-bua-disk",
      url: "https://torg.example.no/s/gamle-bua",
      storeId: old.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const qr = created.json() as { id: string };
    expect((await t.app.inject({ url: "/q/gamle-bua-disk" })).headers.location).toBe(
      "https://torg.example.no/s/gamle-bua",
    );

    expect((await seller.agent.delete(`/api/stores/${old.id}`)).statusCode).toBe(200);
    const squatter = await signUp(t.app);
    const theirs = await createStoreVia(squatter.agent, "Ny Bu", "gamle-bua");
    expect(theirs.slug).toBe("gamle-bua");

    // The printed code leads nowhere near the new store.
    const scan = await t.app.inject({ url: "/q/gamle-bua-disk" });
    expect(scan.statusCode).toBe(404);
    expect(scan.headers.location).toBeUndefined();
    // The seller still has the code, switched off and detached.
    const [listed] = (await seller.agent.get("/api/qr-codes")).json() as Record<string, unknown>[];
    expect(listed).toMatchObject({ id: qr.id, isActive: false, storeId: null, store: null });

    // Linking it to a store that is not theirs: 404, nothing changes.
    const hijack = await seller.agent.patch(`/api/qr-codes/${qr.id}`, { storeId: theirs.id, isActive: true });
    expect(hijack.statusCode).toBe(404);
    expect((await t.app.inject({ url: "/q/gamle-bua-disk" })).statusCode).toBe(404);

    // Linking it to another store of theirs points it there, also when the address comes along
    // unchanged, as the edit form sends it.
    const next = await createStoreVia(seller.agent, "Nye Bua", "nye-bua");
    const relinked = await seller.agent.patch(`/api/qr-codes/${qr.id}`, {
      storeId: next.id,
      url: "https://torg.example.no/s/gamle-bua",
      isActive: true,
    });
    expect(relinked.statusCode, relinked.body).toBe(200);
    expect(relinked.json()).toMatchObject({
      storeId: next.id,
      url: "https://torg.example.no/s/nye-bua",
      isActive: true,
    });
    expect((await t.app.inject({ url: "/q/gamle-bua-disk" })).headers.location).toBe(
      "https://torg.example.no/s/nye-bua",
    );
    // Relinking without an address, and choosing an address of one's own, work as they say.
    const third = await createStoreVia(seller.agent, "Tredje Bua", "tredje-bua");
    const bare = await seller.agent.patch(`/api/qr-codes/${qr.id}`, { storeId: third.id });
    expect(bare.json().url).toBe("https://torg.example.no/s/tredje-bua");
    const chosen = await seller.agent.patch(`/api/qr-codes/${qr.id}`, {
      storeId: next.id,
      url: "https://example.no/marked",
    });
    expect(chosen.json()).toMatchObject({ storeId: next.id, url: "https://example.no/marked" });
  });
});

import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { createProductVia, createStoreVia } from "../test/fixtures";
import { createTwoTestServers, signUp } from "../test/harness";

/**
 * Two Torg processes on one PostgreSQL, each with its own public cache (decision 0038): a write on one
 * clears the other's cache through LISTEN/NOTIFY. The cache lives a minute here, so only the
 * notification can explain a fresh answer. This file runs in the suite's PostgreSQL pass only.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function twoServers() {
  const servers = await createTwoTestServers({ PUBLIC_CACHE_TTL_MS: "60000" });
  cleanups.push(servers.close);
  return { apps: servers.apps, database: servers.database };
}

const titlesOn = async (app: FastifyInstance, storeId: string) =>
  (
    (await app.inject({ method: "GET", url: `/api/stores/${storeId}/products` })).json() as {
      title: string;
    }[]
  ).map((product) => product.title);

/** What `read` gives, asked every 20 ms until it equals `expected` or two seconds have passed. */
async function eventually<T>(read: () => Promise<T>, expected: T) {
  const until = Date.now() + 2000;
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

describe("public caches that agree across app servers (decision 0038)", () => {
  it("a product renamed on one server is fresh on the other, whose cache would keep it a minute", async () => {
    const { apps } = await twoServers();
    const [first, second] = apps;
    const seller = await signUp(first);
    const store = await createStoreVia(seller.agent);
    const product = await createProductVia(seller.agent, store.id, { title: "Krus" });
    // The second server reads and keeps the list.
    expect(await titlesOn(second, store.id)).toEqual(["Krus"]);
    expect(await titlesOn(second, store.id)).toEqual(["Krus"]);

    const renamed = await seller.agent.put(`/api/products/${product.id}`, { title: "Stort krus" });
    expect(renamed.statusCode).toBe(200);
    expect(await eventually(() => titlesOn(second, store.id), ["Stort krus"])).toEqual(["Stort krus"]);
  });

  it("a server whose listening connection is cut listens again and forgets what it kept meanwhile", async () => {
    const { apps, database } = await twoServers();
    const [first, second] = apps;
    const seller = await signUp(first);
    const store = await createStoreVia(seller.agent);
    const product = await createProductVia(seller.agent, store.id, { title: "Fat" });
    expect(await titlesOn(second, store.id)).toEqual(["Fat"]);

    // Both servers' listening sessions are ended, as a database restart or a proxy would.
    await database.pool?.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen torg_catalogue_changed' and datname = current_database()",
    );
    await seller.agent.put(`/api/products/${product.id}`, { title: "Stort fat" });
    expect(await eventually(() => titlesOn(second, store.id), ["Stort fat"])).toEqual(["Stort fat"]);
    // And it hears the next change again.
    await seller.agent.put(`/api/products/${product.id}`, { title: "Lite fat" });
    expect(await eventually(() => titlesOn(second, store.id), ["Lite fat"])).toEqual(["Lite fat"]);
  });
});

import type { FastifyInstance } from "fastify";
import { afterAll, describe, it } from "vitest";
import { createTwoTestServers } from "../../test/harness";
import { lastUseOfACode, oneCardAtOnce, oneShopperAtOnce } from "./price-rules-race";

/**
 * The price rules' races across two Torg processes on one PostgreSQL (as behind a load balancer): only
 * the database's row locks and unique index keep them apart. PostgreSQL pass only.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function twoServers() {
  const servers = await createTwoTestServers({ ORDERS_PER_IP_PER_HOUR: "0" });
  cleanups.push(servers.close);
  return { apps: servers.apps as FastifyInstance[], db: servers.database.db };
}

describe("price rules across two app servers on one PostgreSQL (decision 0076)", () => {
  it("50 checkouts for a code with one use left: one order, 49 × 409, nothing else written", async () => {
    const { apps, db } = await twoServers();
    await lastUseOfACode(apps, db);
  });
  it("checkouts spending one card at once never take more than its balance", async () => {
    const { apps, db } = await twoServers();
    await oneCardAtOnce(apps, db);
  });
  it("one shopper's checkouts at once with a one-per-shopper code: one order, the rest 409", async () => {
    const { apps, db } = await twoServers();
    await oneShopperAtOnce(apps, db);
  });
});

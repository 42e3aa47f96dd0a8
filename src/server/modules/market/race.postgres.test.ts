import type { FastifyInstance } from "fastify";
import { afterAll, describe, it } from "vitest";
import { createTwoTestServers } from "../../test/harness";
import { receiptsWithoutGaps, stallAndWebForTheLastPiece } from "./race";

/**
 * The stall's races across two Torg processes on one PostgreSQL (as behind a load balancer): each has its
 * own pool and batcher, so only the stock statement's row locks and the receipt counter's row lock keep
 * them apart. PostgreSQL pass only.
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

describe("the stall and the web shop across two app servers on one PostgreSQL (decision 0077)", () => {
  it("a stall sale and 50 web orders for the last piece: exactly one has it, stock 0", async () => {
    const { apps, db } = await twoServers();
    await stallAndWebForTheLastPiece(apps, db);
  });
  it("receipt numbers have no gaps and no repeats under concurrent sales on both servers", async () => {
    const { apps, db } = await twoServers();
    await receiptsWithoutGaps(apps, db, 60);
  });
});

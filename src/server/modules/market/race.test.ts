import { afterAll, beforeAll, describe, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { receiptsWithoutGaps, stallAndWebForTheLastPiece } from "./race";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0" });
});
afterAll(() => t.close());

describe("the stall and the web shop at once on one app server (decision 0077)", () => {
  it("a stall sale and 50 web orders for the last piece: exactly one has it, stock 0", () =>
    stallAndWebForTheLastPiece([t.app], t.database.db));
  it("receipt numbers have no gaps and no repeats under concurrent sales, retries and refusals", () =>
    receiptsWithoutGaps([t.app], t.database.db));
});

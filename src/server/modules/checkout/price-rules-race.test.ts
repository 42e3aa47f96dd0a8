import { afterAll, beforeAll, describe, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { lastUseOfACode, oneCardAtOnce, oneShopperAtOnce } from "./price-rules-race";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0" });
});
afterAll(() => t.close());

describe("price rules under concurrency on one app server (decision 0076)", () => {
  it("50 checkouts for a code with one use left: one order, 49 × 409 discountUsedUp, nothing else written", () =>
    lastUseOfACode([t.app], t.database.db));
  it("checkouts spending one card at once never take more than its balance", () =>
    oneCardAtOnce([t.app], t.database.db));
  it("one shopper's checkouts at once with a one-per-shopper code: one order, the rest 409", () =>
    oneShopperAtOnce([t.app], t.database.db));
});

import { describe, expect, it } from "vitest";
import { saleStatusOf } from "./sale-view";

const sale = (fields: Partial<Parameters<typeof saleStatusOf>[0]>) => ({
  status: "paid",
  stockReleasedAt: null,
  refundedTotal: "0.00",
  totalGross: "300.00",
  giftCardTotal: "100.00",
  ...fields,
});

describe("a stall sale's status (SALE_STATUSES, decision 0077)", () => {
  it("waits for Vipps holding its stock, or has failed and given it back", () => {
    expect(saleStatusOf(sale({ status: "pending" }))).toBe("awaiting_payment");
    expect(saleStatusOf(sale({ status: "pending", stockReleasedAt: new Date() }))).toBe("payment_failed");
  });

  it("is refunded in part or whole by what went back of what was paid, gift card included", () => {
    expect(saleStatusOf(sale({}))).toBe("paid");
    expect(saleStatusOf(sale({ status: "fulfilled" }))).toBe("paid");
    expect(saleStatusOf(sale({ refundedTotal: "300.00" }))).toBe("partly_refunded");
    expect(saleStatusOf(sale({ refundedTotal: "400.00" }))).toBe("refunded");
    expect(saleStatusOf(sale({ status: "fulfilled", refundedTotal: "0.01" }))).toBe("partly_refunded");
  });

  it("is cancelled when its order is", () => {
    expect(saleStatusOf(sale({ status: "cancelled", stockReleasedAt: new Date() }))).toBe("cancelled");
  });
});

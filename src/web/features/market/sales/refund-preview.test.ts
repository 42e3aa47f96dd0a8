import { describe, expect, it } from "vitest";
import type { SaleView } from "../../../../shared/market";
import { canRefund, piecesLeft, previewRefund } from "./refund-preview";

const sale: SaleView = {
  id: "s1",
  storeId: "st",
  clientSaleId: "client-0001",
  receiptNumber: 7,
  receiptUrl: "/r/abc",
  status: "paid",
  soldAt: "2026-12-05T10:00:00.000Z",
  sessionId: null,
  items: [
    {
      id: "a",
      productId: "p1",
      variantId: null,
      title: "Krus",
      variantLabel: null,
      unitPrice: "300.00",
      qty: 2,
      refundedQty: 0,
    },
    {
      id: "b",
      productId: null,
      variantId: null,
      title: "Annet",
      variantLabel: null,
      unitPrice: "100.00",
      qty: 1,
      refundedQty: 0,
    },
  ],
  subtotal: "700.00",
  discountCode: "JUL",
  discountTotal: "70.00",
  giftCardTotal: "130.00",
  total: "500.00",
  vat: [{ rate: 25, amount: "126.00" }],
  refundedTotal: "0.00",
  payment: { method: "vipps_qr", amountGiven: null, change: null, terminalRef: null, phone: null },
  buyer: null,
  refunds: [],
};

describe("the refund preview (issue 30)", () => {
  it("values a piece after its share of the discount and splits it between the gift card and Vipps", () => {
    // Krus: 600 − 60 (its share of 70 by 600:100) = 540 for two, 270 for one; 130/630 of it on the card.
    expect(previewRefund(sale, new Map([["a", 1]]))).toEqual({
      amount: "270.00",
      giftCard: "55.71",
      byMethod: "214.29",
      method: "vipps",
      whole: false,
    });
  });

  it("gives back exactly what was paid when everything goes back", () => {
    expect(
      previewRefund(
        sale,
        new Map([
          ["a", 2],
          ["b", 1],
        ]),
      ),
    ).toMatchObject({
      amount: "630.00",
      giftCard: "130.00",
      byMethod: "500.00",
      whole: true,
    });
  });

  it("shows nothing for nothing chosen or more than is left", () => {
    expect(previewRefund(sale, new Map([["a", 0]]))).toBeNull();
    expect(previewRefund(sale, new Map([["a", 3]]))).toBeNull();
    expect(piecesLeft(sale).get("a")).toBe(2);
    expect(canRefund(sale)).toBe(true);
    expect(canRefund({ ...sale, status: "refunded" })).toBe(false);
  });
});

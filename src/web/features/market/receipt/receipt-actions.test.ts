import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SaleView } from "../../../../shared/market";
import { createTranslator, type Translator, TranslatorProvider } from "../../../lib/i18n";
import en from "../../../locales/market-receipts/en.json";
import { buyerOfForm } from "./buyer-dialog";
import { ReceiptActions } from "./receipt-actions";
import { absoluteReceiptUrl, receiptQrDataUrl } from "./receipt-qr";
import { receiptRequest } from "./send-receipt-form";

const sale: SaleView = {
  id: "6f1c1a52-4f7e-4b0e-9a51-0d7c2b7f8a10",
  storeId: "2b9e5f0e-8c77-4a3c-9f62-7d1f0b1c2d3e",
  clientSaleId: "sale-12345678",
  receiptNumber: 12,
  receiptUrl: "https://torg.example.no/r/abc",
  status: "paid",
  soldAt: "2026-12-05T13:05:00.000Z",
  sessionId: null,
  items: [],
  subtotal: "450.00",
  discountCode: null,
  discountTotal: "0.00",
  giftCardTotal: "0.00",
  total: "450.00",
  vat: [],
  refundedTotal: "0.00",
  payment: { method: "cash", amountGiven: null, change: null, terminalRef: null, phone: null },
  buyer: null,
  refunds: [],
};

/** TranslatorProvider as createElement takes it, its children given as the third argument. */
const Translated = TranslatorProvider as ComponentType<{ translator: Translator; children?: ReactNode }>;

function render(view: SaleView) {
  const translator = createTranslator("en", en, en);
  return renderToString(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(Translated, { translator }, createElement(ReceiptActions, { sale: view })),
    ),
  ).replace(/<!-- -->/g, "");
}

describe("ReceiptActions (decision 0077)", () => {
  it("shows the receipt's number, its link, both channels and the buyer's details", () => {
    const html = render(sale);
    expect(html).toContain("Receipt no. 12");
    expect(html).toContain('href="https://torg.example.no/r/abc"');
    expect(html).toContain("Send by SMS");
    expect(html).toContain("Send by e-mail");
    expect(html).toContain("Add buyer&#x27;s name and address");
    expect(html).not.toContain("Sales document for");
  });

  it("names the buyer of a sales document, and says a sale not paid yet has no receipt", () => {
    const document = render({
      ...sale,
      buyer: { name: "Kari Nordmann", address: "Fjordveien 2", email: null },
    });
    expect(document).toContain("Sales document for Kari Nordmann");
    expect(document).toContain("Change buyer&#x27;s name and address");
    const unpaid = render({ ...sale, status: "awaiting_payment", receiptNumber: null, receiptUrl: null });
    expect(unpaid).toContain("The receipt is made when the sale is paid.");
    expect(unpaid).not.toContain("Send by SMS");
  });

  it("asks the API for exactly one channel, and leaves an empty e-mail out of the buyer", () => {
    expect(receiptRequest("sms", "912 34 567")).toEqual({ phone: "912 34 567" });
    expect(receiptRequest("email", "kari@example.no")).toEqual({ email: "kari@example.no" });
    expect(buyerOfForm({ name: "Kari", address: "Gata 1", email: "" })).toEqual({
      name: "Kari",
      address: "Gata 1",
    });
    expect(buyerOfForm({ name: "Kari", address: "Gata 1", email: "k@example.no" })).toMatchObject({
      email: "k@example.no",
    });
  });

  it("draws the receipt's address as a QR code, and makes a path absolute on this site", async () => {
    const qr = await receiptQrDataUrl("https://torg.example.no/r/abc");
    expect(qr.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    expect(decodeURIComponent(qr)).toContain("<svg");
    expect(absoluteReceiptUrl("/r/abc", "https://torg.example.no")).toBe("https://torg.example.no/r/abc");
    expect(absoluteReceiptUrl("https://a.example/r/x", "https://torg.example.no")).toBe(
      "https://a.example/r/x",
    );
  });
});

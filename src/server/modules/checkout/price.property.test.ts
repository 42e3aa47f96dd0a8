import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromOre, toOre } from "../../../shared/money";
import { vatIncludedOre } from "../../../shared/vat";
import type { CheckoutFacts, DiscountCodeFact, GiftCardFact, ProductFact } from "./facts";
import { discountCodeFactKey } from "./facts";
import { type PriceRequest, priceCheckout } from "./price";

/**
 * priceCheckout over made-up facts (no database): whatever the products, delivery, discount code, gift
 * cards bought and gift card paying, a priced order's parts are never negative, add up to its total, and
 * its VAT is the share of what was sold after the discount, never more than the goods and delivery paid.
 */
const STORE = "00000000-0000-4000-8000-000000000001";
const NOW = Date.parse("2026-12-10T12:00:00+01:00");
const productId = (n: number) => `00000000-0000-4000-8000-1000000000${String(n).padStart(2, "0")}`;

function factsOf(input: {
  rate: 25 | 15 | null;
  prices: number[];
  delivery: { price: number; freeAbove: number | null } | null;
  code: Omit<DiscountCodeFact, "id" | "store_id" | "code" | "used_by" | "starts_at" | "ends_at"> | null;
  card: number | null;
}): CheckoutFacts {
  const products = new Map<string, ProductFact>(
    input.prices.map((price, n) => [
      productId(n),
      {
        id: productId(n),
        title: `P${n}`,
        is_active: true,
        store_id: STORE,
        base_price: fromOre(price),
        stock_qty: null,
        has_options: false,
      },
    ]),
  );
  const code: DiscountCodeFact | null = input.code && {
    ...input.code,
    id: "code",
    store_id: STORE,
    code: "KODE",
    starts_at: null,
    ends_at: null,
    used_by: [],
  };
  const card: GiftCardFact | null =
    input.card === null
      ? null
      : {
          id: "card",
          store_id: STORE,
          code: "000000000000",
          balance: fromOre(input.card),
          status: "active",
          expires_at: "2030-01-01T00:00:00Z",
        };
  return {
    stores: new Map([
      [
        STORE,
        {
          id: STORE,
          name: "Butikk",
          slug: "butikk",
          vat_rate: input.rate,
          has_delivery: input.delivery !== null,
          gift_cards: {
            enabled: true,
            amounts: [],
            customMin: "50.00",
            customMax: "20000.00",
            validityMonths: 36,
          },
        },
      ],
    ]),
    deliveryOptions: new Map(
      input.delivery
        ? [
            [
              "option",
              {
                id: "option",
                store_id: STORE,
                name: "Pakke",
                kind: "pickup" as const,
                price: fromOre(input.delivery.price),
                free_above: input.delivery.freeAbove === null ? null : fromOre(input.delivery.freeAbove),
              },
            ],
          ]
        : [],
    ),
    products,
    variants: new Map(),
    discountCodes: new Map(code ? [[discountCodeFactKey(STORE, "kode"), code]] : []),
    giftCards: new Map(card ? [[card.code, card]] : []),
  };
}

const ore = (max: number) => fc.integer({ min: 1, max });
const codeArbitrary = fc.option(
  fc.record({
    kind: fc.constantFrom("percent", "amount", "free_delivery"),
    value: fc.oneof(fc.integer({ min: 1, max: 100 }).map(String), ore(5_000_000).map(fromOre)),
    min_order_total: fc.option(ore(2_000_000).map(fromOre), { nil: null }),
    max_uses: fc.constant(null),
    uses: fc.constant(0),
    one_per_shopper: fc.boolean(),
    state: fc.constant("active"),
    product_ids: fc.option(fc.subarray([0, 1, 2, 3].map(productId), { minLength: 1 }), { nil: null }),
  }),
  { nil: null },
);

describe("priceCheckout with price rules (fast-check)", () => {
  it("never makes a part negative; the parts add up; the VAT is the sold goods' share and no more", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(25 as const, 15 as const, null),
        fc.array(fc.tuple(ore(5_000_000), fc.integer({ min: 1, max: 5 })), { minLength: 0, maxLength: 4 }),
        fc.array(fc.integer({ min: 50, max: 20_000 }), { maxLength: 2 }),
        fc.option(
          fc.record({
            price: fc.integer({ min: 0, max: 50_000 }),
            freeAbove: fc.option(ore(200_000), { nil: null }),
          }),
          { nil: null },
        ),
        codeArbitrary,
        fc.option(ore(10_000_000), { nil: null }),
        (rate, lines, cards, delivery, code, card) => {
          fc.pre(lines.length + cards.length > 0);
          // A percent code keeps a whole percentage; an amount code keeps kroner.
          const rule = code && {
            ...code,
            value:
              code.kind === "percent"
                ? String(Math.min(100, Math.max(1, Math.trunc(Number(code.value)))))
                : code.value,
          };
          const facts = factsOf({ rate, prices: lines.map(([price]) => price), delivery, code: rule, card });
          const request: PriceRequest = {
            storeId: STORE,
            lines: lines.map(([, qty], n) => ({ product_id: productId(n), variant_id: null, qty })),
            giftCards: cards.map((amount) => ({ amount: `${amount}.00` })),
            deliveryOptionId: delivery ? "option" : null,
            carrierDelivery: null,
            shipToAddr: null,
            discountCode: code ? "kode" : null,
            giftCardCode: card === null ? null : "0000-0000-0000",
            buyerEmail: "kunde@example.no",
            language: "en",
            now: NOW,
            stage: "order",
            channel: "web",
            freeLines: [],
            cashGiven: null,
          };
          const pricing = priceCheckout(request, facts);
          if (!pricing.ok) return;
          const order = pricing.order;
          const [subtotal, discount, giftCard, sales, total] = [
            order.subtotal,
            order.discountTotal,
            order.giftCardTotal,
            order.giftCardSales,
            order.totalGross,
          ].map(toOre) as [number, number, number, number, number];
          const deliveryOre = order.delivery ? toOre(order.delivery.price) : 0;
          for (const part of [subtotal, discount, giftCard, sales, total, deliveryOre])
            expect(part).toBeGreaterThanOrEqual(0);
          expect(subtotal - discount + deliveryOre - giftCard).toBe(total);
          // A gift card bought is never discounted nor paid by a card; the total always holds it.
          expect(total).toBeGreaterThanOrEqual(sales);
          expect(giftCard).toBeLessThanOrEqual(card ?? 0);
          const soldOre = total + giftCard - sales;
          expect(soldOre).toBe(subtotal - sales - discount + deliveryOre);
          const vat = order.vat.reduce((sum, line) => sum + toOre(line.amount), 0);
          expect(vat).toBeLessThanOrEqual(soldOre);
          expect(vat).toBe(rate === null ? 0 : vatIncludedOre(soldOre, rate));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("a code's window, at its edges (instants; Europe/Oslo midnight in winter and summer time)", () => {
  const edges = [
    ["2026-12-01T00:00:00+01:00", "2026-12-24T00:00:00+01:00"],
    ["2026-07-01T00:00:00+02:00", "2026-08-01T00:00:00+02:00"],
  ] as const;
  it.each(edges)("from %s until %s", (startsAt, endsAt) => {
    const facts = factsOf({
      rate: 25,
      prices: [10_000],
      delivery: null,
      code: {
        kind: "percent",
        value: "10",
        min_order_total: null,
        max_uses: null,
        uses: 0,
        one_per_shopper: false,
        state: "active",
        product_ids: null,
      },
      card: null,
    });
    const code = facts.discountCodes.get(discountCodeFactKey(STORE, "kode"));
    if (!code) throw new Error("no code");
    Object.assign(code, { starts_at: startsAt, ends_at: endsAt });
    const at = (now: number) => {
      const pricing = priceCheckout(
        {
          storeId: STORE,
          lines: [{ product_id: productId(0), variant_id: null, qty: 1 }],
          giftCards: [],
          deliveryOptionId: null,
          carrierDelivery: null,
          shipToAddr: null,
          discountCode: "KODE",
          giftCardCode: null,
          buyerEmail: null,
          language: "en",
          now,
          stage: "quote",
          channel: "web",
          freeLines: [],
          cashGiven: null,
        },
        facts,
      );
      return pricing.ok ? pricing.order.discountTotal : pricing.refusal.messageKey;
    };
    const start = Date.parse(startsAt);
    const end = Date.parse(endsAt);
    expect([at(start - 1), at(start), at(end - 1), at(end)]).toEqual([
      "discountNotStarted",
      "10.00",
      "10.00",
      "discountEnded",
    ]);
  });
});

describe("a carrier's service in priceCheckout (decision 0079)", () => {
  it("is priced as a flat option of the same price and free-above: the code and the threshold apply alike", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(ore(500_000), fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 3 }),
        fc.record({
          price: fc.integer({ min: 0, max: 50_000 }),
          freeAbove: fc.option(ore(200_000), { nil: null }),
        }),
        codeArbitrary,
        (lines, delivery, code) => {
          const rule = code && {
            ...code,
            value:
              code.kind === "percent"
                ? String(Math.min(100, Math.max(1, Math.trunc(Number(code.value)))))
                : code.value,
          };
          const facts = factsOf({
            rate: 25,
            prices: lines.map(([price]) => price),
            delivery,
            code: rule,
            card: null,
          });
          const base: PriceRequest = {
            storeId: STORE,
            lines: lines.map(([, qty], n) => ({ product_id: productId(n), variant_id: null, qty })),
            giftCards: [],
            deliveryOptionId: null,
            carrierDelivery: null,
            shipToAddr: null,
            discountCode: code ? "kode" : null,
            giftCardCode: null,
            buyerEmail: "kunde@example.no",
            language: "en",
            now: NOW,
            stage: "order",
            channel: "web",
            freeLines: [],
            cashGiven: null,
          };
          const flat = priceCheckout({ ...base, deliveryOptionId: "option" }, facts);
          const carrier = priceCheckout(
            {
              ...base,
              carrierDelivery: {
                carrier: "bring",
                service: "5800",
                name: "Parcel to pick-up point",
                price: fromOre(delivery.price),
                freeAbove: delivery.freeAbove === null ? null : fromOre(delivery.freeAbove),
                priceSource: "bring",
                pickupPoint: {
                  id: "1",
                  name: "Coop",
                  address: "Storgata 14",
                  postalCode: "0155",
                  city: "OSLO",
                },
                expectedDelivery: null,
              },
            },
            facts,
          );
          expect(carrier.ok).toBe(flat.ok);
          if (!flat.ok || !carrier.ok) return;
          const { totalGross, discountTotal, vat, delivery: priced } = carrier.order;
          expect({ totalGross, discountTotal, vat, price: priced?.price }).toEqual({
            totalGross: flat.order.totalGross,
            discountTotal: flat.order.discountTotal,
            vat: flat.order.vat,
            price: flat.order.delivery?.price,
          });
          expect(carrier.order.shipping).toMatchObject({ service: "5800", priceSource: "bring" });
          expect(carrier.order.delivery).toMatchObject({ optionId: null, kind: "parcel" });
        },
      ),
    );
  });
});

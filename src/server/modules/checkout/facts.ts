import type { GiftCardSettings } from "../../../shared/gift-card";
import type { Database } from "../../db/client";

/** A store as checkout prices against it: live stores only. */
export interface StoreFact {
  id: string;
  name: string;
  slug: string;
  /** The store's MVA rate (decision 0036), null when it is not VAT registered. */
  vat_rate: number | null;
  /** The store has delivery options or a carrier (decision 0079), so an order must name one of them. */
  has_delivery: boolean;
  /** The store's gift card offer; null when it never saved one (it sells none). */
  gift_cards: GiftCardSettings | null;
}

export interface DeliveryOptionFact {
  id: string;
  store_id: string;
  name: string;
  kind: "pickup" | "parcel";
  /** numeric(12,2) as text: always two decimals. */
  price: string;
  free_above: string | null;
}

export interface ProductFact {
  id: string;
  title: string;
  is_active: boolean;
  store_id: string;
  base_price: string;
  /** null: unlimited. */
  stock_qty: number | null;
  /** The product has options, so a line must name one of its variants. */
  has_options: boolean;
}

export interface VariantFact {
  id: string;
  product_id: string;
  label: string | null;
  /** null: the product's base price. */
  price: string | null;
  stock_qty: number | null;
}

/** A discount code named at checkout, as its row holds it (numeric and times as text). */
export interface DiscountCodeFact {
  id: string;
  store_id: string;
  /** As the store spells it. */
  code: string;
  kind: string;
  value: string;
  min_order_total: string | null;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  uses: number;
  one_per_shopper: boolean;
  state: string;
  product_ids: string[] | null;
  /** Of the shoppers asked about, those whose e-mail (lower-cased) holds a use of it (one-per-shopper codes). */
  used_by: string[];
}

/** A gift card named at checkout. */
export interface GiftCardFact {
  id: string;
  store_id: string;
  code: string;
  balance: string;
  status: string;
  expires_at: string;
}

/** What a batch of checkouts is priced from, each kind by id (codes by store and key, cards by code). */
export interface CheckoutFacts {
  stores: ReadonlyMap<string, StoreFact>;
  deliveryOptions: ReadonlyMap<string, DeliveryOptionFact>;
  products: ReadonlyMap<string, ProductFact>;
  variants: ReadonlyMap<string, VariantFact>;
  /** By discountCodeFactKey(store id, discountCodeKey(code)). */
  discountCodes: ReadonlyMap<string, DiscountCodeFact>;
  /** By the normalised code. */
  giftCards: ReadonlyMap<string, GiftCardFact>;
}

/** How a batch's codes are looked up: the store and the code as matched (discountCodeKey). */
export const discountCodeFactKey = (storeId: string, codeKey: string) => `${storeId}:${codeKey}`;

/** A code asked about: its store, its key (lower case) and the buyer's e-mail when known (lower case). */
export interface WantedDiscountCode {
  store_id: string;
  code: string;
  shopper: string | null;
}

const ids = (n: number) => `(select value::uuid from jsonb_array_elements_text($${n}::jsonb))`;

/**
 * Everything a batch of checkouts is priced from, in one statement of six lists: the stores (with their
 * gift card offer), the delivery options named, the products and variants of the lines, the discount
 * codes named (by store and lower(code), the unique index's key, with which of the buyers asked about
 * already hold a use of a one-per-shopper code) and the gift cards named (by code). It only reads: prices,
 * free delivery, the code and card rules, VAT and the address rules are the checkout's TypeScript
 * (price.ts). Amounts come as text, exact; times as ISO text.
 */
const CHECKOUT_FACTS_SQL = `/* torg:checkout_facts */
  with wanted_codes as materialized (
    select distinct w.store_id, w.code, w.shopper
    from jsonb_to_recordset($5::jsonb) as w(store_id uuid, code text, shopper text)
  )
  select
    (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'slug', s.slug, 'vat_rate', s.vat_rate,
        'has_delivery', exists (select 1 from delivery_options d where d.store_id = s.id)
          or exists (select 1 from store_carriers c where c.store_id = s.id),
        'gift_cards', (select json_build_object('enabled', g.enabled, 'amounts', g.amounts,
            'customMin', g.custom_min::text, 'customMax', g.custom_max::text, 'validityMonths', g.validity_months)
          from gift_card_settings g where g.store_id = s.id))), '[]'::json)
      from stores s where s.id in ${ids(1)} and s.deleted_at is null) as stores,
    (select coalesce(json_agg(json_build_object('id', d.id, 'store_id', d.store_id, 'name', d.name, 'kind', d.kind,
        'price', d.price::text, 'free_above', d.free_above::text)), '[]'::json)
      from delivery_options d where d.id in ${ids(2)}) as delivery_options,
    (select coalesce(json_agg(json_build_object('id', p.id, 'title', p.title, 'is_active', p.is_active,
        'store_id', p.store_id, 'base_price', p.base_price::text, 'stock_qty', p.stock_qty,
        'has_options', jsonb_array_length(p.options) > 0)), '[]'::json)
      from products p where p.id in ${ids(3)}) as products,
    (select coalesce(json_agg(json_build_object('id', v.id, 'product_id', v.product_id, 'label', v.label,
        'price', v.price::text, 'stock_qty', v.stock_qty)), '[]'::json)
      from product_variants v where v.id in ${ids(4)}) as variants,
    (select coalesce(json_agg(json_build_object('id', c.id, 'store_id', c.store_id, 'code', c.code, 'kind', c.kind,
        'value', c.value::text, 'min_order_total', c.min_order_total::text, 'starts_at', c.starts_at,
        'ends_at', c.ends_at, 'max_uses', c.max_uses, 'uses', c.uses, 'one_per_shopper', c.one_per_shopper,
        'state', c.state, 'product_ids', c.product_ids,
        'used_by', case when c.one_per_shopper then (
          select coalesce(json_agg(r.shopper), '[]'::json) from discount_redemptions r
          where r.discount_code_id = c.id and r.shopper in (
            select w.shopper from wanted_codes w where w.store_id = c.store_id and w.code = lower(c.code))
        ) else '[]'::json end)), '[]'::json)
      from discount_codes c
      where (c.store_id, lower(c.code)) in (select w.store_id, w.code from wanted_codes w)) as discount_codes,
    (select coalesce(json_agg(json_build_object('id', g.id, 'store_id', g.store_id, 'code', g.code,
        'balance', g.balance::text, 'status', g.status, 'expires_at', g.expires_at)), '[]'::json)
      from gift_cards g where g.code in (select value from jsonb_array_elements_text($6::jsonb))) as gift_cards`;

type FactsRow = {
  stores: StoreFact[];
  delivery_options: DeliveryOptionFact[];
  products: ProductFact[];
  variants: VariantFact[];
  discount_codes: DiscountCodeFact[];
  gift_cards: GiftCardFact[];
};

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

/** Reads the facts for checkouts of these stores, delivery options, products, variants, codes and cards. */
export async function readCheckoutFacts(
  database: Database,
  wanted: {
    storeIds: string[];
    deliveryOptionIds: string[];
    productIds: string[];
    variantIds: string[];
    discountCodes: WantedDiscountCode[];
    giftCardCodes: string[];
  },
): Promise<CheckoutFacts> {
  const unique = (values: string[]) => JSON.stringify([...new Set(values)]);
  const [row] = await database.runPrepared<FactsRow>("checkout_facts", CHECKOUT_FACTS_SQL, [
    unique(wanted.storeIds),
    unique(wanted.deliveryOptionIds),
    unique(wanted.productIds),
    unique(wanted.variantIds),
    JSON.stringify(wanted.discountCodes),
    unique(wanted.giftCardCodes),
  ]);
  return {
    stores: byId(row?.stores ?? []),
    deliveryOptions: byId(row?.delivery_options ?? []),
    products: byId(row?.products ?? []),
    variants: byId(row?.variants ?? []),
    discountCodes: new Map(
      (row?.discount_codes ?? []).map((code) => [
        discountCodeFactKey(code.store_id, code.code.toLowerCase()),
        code,
      ]),
    ),
    giftCards: new Map((row?.gift_cards ?? []).map((card) => [card.code, card])),
  };
}

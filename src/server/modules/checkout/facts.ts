import type { Database } from "../../db/client";

/** A store as checkout prices against it: live stores only. */
export interface StoreFact {
  id: string;
  name: string;
  slug: string;
  /** The store's MVA rate (decision 0036), null when it is not VAT registered. */
  vat_rate: number | null;
  /** The store has delivery options, so an order must name one of them. */
  has_delivery: boolean;
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

/** What a batch of checkouts is priced from, each kind by id. */
export interface CheckoutFacts {
  stores: ReadonlyMap<string, StoreFact>;
  deliveryOptions: ReadonlyMap<string, DeliveryOptionFact>;
  products: ReadonlyMap<string, ProductFact>;
  variants: ReadonlyMap<string, VariantFact>;
}

const ids = (n: number) => `(select value::uuid from jsonb_array_elements_text($${n}::jsonb))`;

/**
 * Everything a batch of checkouts is priced from, in one statement of four lists: the stores, the
 * delivery options named, the products and variants of the lines. It only reads: prices, free delivery,
 * VAT and the address rules are the checkout's TypeScript (price.ts). Amounts come as text, exact.
 */
const CHECKOUT_FACTS_SQL = `/* torg:checkout_facts */
  select
    (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'slug', s.slug, 'vat_rate', s.vat_rate,
        'has_delivery', exists (select 1 from delivery_options d where d.store_id = s.id))), '[]'::json)
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
      from product_variants v where v.id in ${ids(4)}) as variants`;

type FactsRow = {
  stores: StoreFact[];
  delivery_options: DeliveryOptionFact[];
  products: ProductFact[];
  variants: VariantFact[];
};

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

/** Reads the facts for checkouts of these stores, delivery options, products and variants. */
export async function readCheckoutFacts(
  database: Database,
  wanted: { storeIds: string[]; deliveryOptionIds: string[]; productIds: string[]; variantIds: string[] },
): Promise<CheckoutFacts> {
  const unique = (values: string[]) => JSON.stringify([...new Set(values)]);
  const [row] = await database.runPrepared<FactsRow>("checkout_facts", CHECKOUT_FACTS_SQL, [
    unique(wanted.storeIds),
    unique(wanted.deliveryOptionIds),
    unique(wanted.productIds),
    unique(wanted.variantIds),
  ]);
  return {
    stores: byId(row?.stores ?? []),
    deliveryOptions: byId(row?.delivery_options ?? []),
    products: byId(row?.products ?? []),
    variants: byId(row?.variants ?? []),
  };
}

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** Money is exact: numeric(12,2) kroner, never floats (decision 0007). */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
/** PostgreSQL's full-text document type; Torg only ever has the database compute it (decision 0040). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    isWhitelisted: boolean("is_whitelisted").notNull().default(false),
    isAdmin: boolean("is_admin").notNull().default(false),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /**
     * When the account's address was proven, by a link sent to it being opened (decision 0065); null until
     * then. What needs a proven address (live payments, the sign-up allow-list) waits for it.
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    authMeta: jsonb("auth_meta").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`)],
);

/** Only a SHA-256 of the cookie's token is stored, so a leaked table cannot be replayed (decision 0002). */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * One-time links sent by e-mail (decision 0065): a password reset, or the proof of an address (the
 * account's own, or a new one it is to change to). Only a SHA-256 of the token is kept; a row is used once.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    /** The address the link was sent to: the one it proves. */
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("account_tokens_user_idx").on(t.userId),
    index("account_tokens_expires_idx").on(t.expiresAt),
    check("account_tokens_purpose_check", sql`${t.purpose} in ('password_reset', 'email_verification')`),
  ],
);

/** Fixed-window counters for throttling (login attempts...), shared by every app server (decision 0016). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * Keys the app servers share, made once by whichever server needs one first (lib/server-secret.ts):
 * the device cookies' signing key (decision 0057). Never sent anywhere.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

export const userSettings = pgTable(
  "user_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    language: text("language").notNull().default("en"),
    currency: text("currency").notNull().default("NOK"),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    smsNotifications: boolean("sms_notifications").notNull().default(false),
    theme: text("theme").notNull().default("system"),
    /** Orders placed after this are "new" in the notifications list (decision 0014). */
    notificationsSeenAt: timestamp("notifications_seen_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("user_settings_language_check", sql`${t.language} in ('en', 'nb', 'sv', 'da')`),
    check("user_settings_currency_check", sql`${t.currency} in ('NOK', 'SEK', 'DKK', 'EUR', 'USD')`),
    check("user_settings_theme_check", sql`${t.theme} in ('light', 'dark', 'system')`),
  ],
);

export const stores = pgTable(
  "stores",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    defaultLocale: text("default_locale").notNull().default("en"),
    heroImageUrl: text("hero_image_url"),
    fallbackHeroImage: text("fallback_hero_image"),
    phone: text("phone"),
    /**
     * The number the seller proved they hold with a texted code. The phone is verified while it equals
     * this; only a verified phone gets orders' texts, so nobody can point them at someone else's number.
     */
    verifiedPhone: text("verified_phone"),
    theme: jsonb("theme").$type<{ description?: string } & Record<string, unknown>>().notNull().default({}),
    /** MVA in percent (25, or 15 for food); null: not registered. Prices include it (decision 0036). */
    vatRate: integer("vat_rate"),
    /** The seller's legal identity, shown on receipts and the terms page (decision 0036). */
    legalName: text("legal_name"),
    /** Norwegian organisation number, 9 digits, mod-11 checked before it is saved. */
    orgNumber: text("org_number"),
    address: text("address"),
    /** The seller's own words added to the generated terms page. */
    termsExtra: text("terms_extra"),
    /**
     * Where shoppers reach the seller (Reply-To of every shopper e-mail, order page, receipt, terms;
     * decision 0066); null: the owner's account address. Used only while it equals `verifiedContactEmail`
     * (the address whose confirmation link was opened); until then the owner's address stands in.
     */
    contactEmail: text("contact_email"),
    verifiedContactEmail: text("verified_contact_email"),
    /**
     * Every stall sale is a full sales document (decision 0077): the market screen asks for the buyer's
     * name and address before it takes payment.
     */
    stallFullDocuments: boolean("stall_full_documents").notNull().default(false),
    /**
     * The shop's own look (decision 0080): the seller's logo as uploaded (our WebP re-encoding), what
     * is made from it (square and wide crops, favicons, the social card; shared/identity.ts
     * BrandAssets), the brand colour (#rrggbb), a font pairing from FONT_PAIRINGS, and the about page.
     */
    logoImageUrl: text("logo_image_url"),
    brandAssets: jsonb("brand_assets").$type<Record<string, string>>(),
    brandColor: text("brand_color"),
    fontPairing: text("font_pairing"),
    about: jsonb("about").$type<{
      text: string;
      imageUrl?: string | null;
      location?: string | null;
      links?: string[];
    }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    // A deleted store frees its slug (decision 0014).
    uniqueIndex("stores_slug_live_key").on(t.slug).where(sql`${t.deletedAt} is null`),
    check("stores_slug_format_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("stores_vat_rate_check", sql`${t.vatRate} is null or ${t.vatRate} in (15, 25)`),
    check("stores_org_number_check", sql`${t.orgNumber} is null or ${t.orgNumber} ~ '^[0-9]{9}$'`),
    check("stores_brand_color_check", sql`${t.brandColor} is null or ${t.brandColor} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/**
 * How a store delivers: pickup (with an address and opening note) or a parcel. An order keeps a copy of
 * the option's name, kind and price, so editing or removing an option never changes a past order.
 */
export const deliveryOptions = pgTable(
  "delivery_options",
  {
    id: id(),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind").notNull(),
    price: money("price").notNull().default("0"),
    /** Free when the order's lines add up to at least this (decision 0036). */
    freeAbove: money("free_above"),
    note: text("note"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("delivery_options_store_idx").on(t.storeId, t.position),
    check("delivery_options_kind_check", sql`${t.kind} in ('pickup', 'parcel')`),
    check("delivery_options_price_check", sql`${t.price} >= 0`),
    check("delivery_options_free_above_check", sql`${t.freeAbove} is null or ${t.freeAbove} >= 0`),
  ],
);

export const storeMembers = pgTable(
  "store_members",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("owner"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("store_members_store_user_key").on(t.storeId, t.userId),
    index("store_members_user_idx").on(t.userId),
    check("store_members_role_check", sql`${t.role} in ('owner', 'staff')`),
  ],
);

export const paymentChannels = pgTable(
  "payment_channels",
  {
    id: id(),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    externalId: text("external_id").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    isLive: boolean("is_live").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_channels_store_provider_key").on(t.storeId, t.provider),
    check("payment_channels_provider_check", sql`${t.provider} in ('vipps', 'stripe')`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: id(),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    sku: text("sku"),
    title: text("title").notNull(),
    blurb: text("blurb"),
    seoMetaTitle: text("seo_meta_title"),
    seoMetaDesc: text("seo_meta_desc"),
    basePrice: money("base_price").notNull().default("0"),
    currencyCode: text("currency_code").notNull().default("NOK"),
    isActive: boolean("is_active").notNull().default(true),
    /** Where the product sits in its primary photo, in percent of width and height. */
    coordX: numeric("coord_x", { precision: 5, scale: 2 }),
    coordY: numeric("coord_y", { precision: 5, scale: 2 }),
    position: integer("position").notNull().default(0),
    /** How many are left to sell; null is unlimited. Taken by the checkout statement (decision 0032). */
    stockQty: integer("stock_qty"),
    /**
     * What one piece weighs packed, in grams, and its packed size in whole centimetres (decision 0079):
     * a carrier prices and books a parcel by them. null: the store's default weight stands in.
     */
    weightGrams: integer("weight_grams"),
    lengthCm: integer("length_cm"),
    widthCm: integer("width_cm"),
    heightCm: integer("height_cm"),
    /** The seller's options and their values, e.g. [{ name: "Size", values: ["S", "M"] }]; [] is none. */
    options: jsonb("options").$type<{ name: string; values: string[] }[]>().notNull().default([]),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What a search within the store matches (decision 0040): the title (weight A) over the blurb and
     * SEO texts (B), stemmed as Norwegian and as English, so "kopper" finds "Kopp" and "mugs" "Blue mug".
     * Computed by the database on every write; never selected into a product's view.
     */
    /**
     * The start of the product's public view as JSON text (decision 0050): every key but those a checkout
     * changes (`updatedAt`, the stock, the variants), ending in a comma. Written by the database's own
     * triggers on every write that changes it (migration 0013); a page of the storefront and the products
     * API add the rest as they read. Never selected into a product's view.
     */
    viewJsonHead: text("view_json_head"),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('norwegian', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('norwegian', coalesce(blurb, '') || ' ' || coalesce(seo_meta_title, '') || ' ' || coalesce(seo_meta_desc, '')), 'B') || setweight(to_tsvector('english', coalesce(blurb, '') || ' ' || coalesce(seo_meta_title, '') || ' ' || coalesce(seo_meta_desc, '')), 'B')`,
    ),
  },
  (t) => [
    // In the storefront's order (decision 0040): a page of a big store is read from the index, not sorted.
    index("products_store_order_idx").on(
      t.storeId,
      t.isActive,
      t.position,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("products_search_idx").using("gin", t.searchVector),
    check("products_base_price_check", sql`${t.basePrice} >= 0`),
    check("products_coord_x_check", sql`${t.coordX} is null or (${t.coordX} >= 0 and ${t.coordX} <= 100)`),
    check("products_coord_y_check", sql`${t.coordY} is null or (${t.coordY} >= 0 and ${t.coordY} <= 100)`),
    check("products_stock_check", sql`${t.stockQty} >= 0`),
    check("products_weight_check", sql`${t.weightGrams} is null or ${t.weightGrams} > 0`),
    check(
      "products_dimensions_check",
      sql`(${t.lengthCm} is null or ${t.lengthCm} > 0) and (${t.widthCm} is null or ${t.widthCm} > 0) and (${t.heightCm} is null or ${t.heightCm} > 0)`,
    ),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** "Størrelse: M / Farge: Blå", built from the values; order items keep it as their variantLabel. */
    label: text("label").notNull(),
    /** One value per product option, in the options' order. */
    optionValues: jsonb("option_values").$type<string[]>().notNull().default([]),
    sku: text("sku"),
    /** null: the product's price. */
    price: money("price"),
    /** null: unlimited. Taken by the checkout statement (decision 0032). */
    stockQty: integer("stock_qty"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("product_variants_product_idx").on(t.productId),
    check("product_variants_stock_check", sql`${t.stockQty} >= 0`),
    check("product_variants_price_check", sql`${t.price} >= 0`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    isPrimary: boolean("is_primary").notNull().default(false),
    aiMeta: jsonb("ai_meta").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("product_images_product_idx").on(t.productId, t.sortOrder),
    uniqueIndex("product_images_one_primary_key").on(t.productId).where(sql`${t.isPrimary}`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: id(),
    // Orders are records of money: a store is only ever soft-deleted, so it never takes its orders along.
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("pending"),
    totalGross: money("total_gross").notNull(),
    currencyCode: text("currency_code").notNull().default("NOK"),
    buyerEmail: text("buyer_email").notNull(),
    shipToName: text("ship_to_name").notNull(),
    shipToPhone: text("ship_to_phone").notNull(),
    shipToAddr: jsonb("ship_to_addr").$type<Record<string, string>>(),
    /** The chosen delivery as it was when ordered (decision 0036); null on orders without one. */
    deliveryOptionId: uuid("delivery_option_id").references(() => deliveryOptions.id, {
      onDelete: "set null",
    }),
    deliveryName: text("delivery_name"),
    deliveryKind: text("delivery_kind"),
    /** Included in total_gross: total_gross = the lines + this. */
    deliveryPrice: money("delivery_price"),
    /**
     * A carrier's service chosen at checkout (decision 0079), beside the delivery copy above: the
     * carrier, its service code, where the price came from (`bring`: the carrier's price for the cart's
     * weight; `seller`: the seller's own price for the service), the pick-up point chosen and the
     * expected delivery date the shopper was shown. Null on orders with a flat delivery option or none.
     */
    shippingCarrier: text("shipping_carrier"),
    shippingService: text("shipping_service"),
    shippingPriceSource: text("shipping_price_source"),
    pickupPoint: jsonb("pickup_point").$type<{
      id: string;
      name: string;
      address: string;
      postalCode: string;
      city: string;
      /** As the carrier worded them when the shopper chose; absent on orders placed before they were kept. */
      openingHours?: string;
    }>(),
    expectedDelivery: text("expected_delivery"),
    /** MVA included in total_gross, per rate, exact to the øre: [{ rate: 25, amount: "49.90" }]; [] when not registered. */
    vat: jsonb("vat").$type<{ rate: number; amount: string }[]>().notNull().default([]),
    trackingNumber: text("tracking_number"),
    idempotencyKey: text("idempotency_key"),
    /** A hash of the request an idempotency key was first used with; a different request with it is refused. */
    requestHash: text("request_hash"),
    /**
     * The secret in the shopper's own order page address (/s/{slug}/order/{token}): shoppers have no
     * account, so whoever holds the link may read the order (decision 0026). Two v4 UUIDs hashed: 244
     * random bits from PostgreSQL's strong random source.
     */
    publicToken: text("public_token")
      .notNull()
      .default(sql`encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex')`),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the shopper used their right of withdrawal (angrerett) from their order page (decision 0037). */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /**
     * When an unpaid order gave its stock back while staying payable (decision 0063): its payment attempt
     * ended unpaid (the shopper rejected or left it, or it expired at the provider). Null while the order
     * holds its stock; "Pay now" takes the stock again and clears it.
     */
    stockReleasedAt: timestamp("stock_released_at", { withTimezone: true }),
    /**
     * The discount code the order was priced with (decision 0076), as the store spelled it; null: none.
     * The code itself may be deleted later: the order keeps this copy and its amount.
     */
    discountCode: text("discount_code"),
    discountCodeId: uuid("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    /** What the code took off the lines and delivery; already left out of total_gross. */
    discountTotal: money("discount_total").notNull().default("0"),
    /** Paid with gift cards (decision 0076); already left out of total_gross, which is what is left to pay. */
    giftCardTotal: money("gift_card_total").notNull().default("0"),
    /** Gift cards bought in this order (their lines' sum): money taken for a card, not revenue, no VAT. */
    giftCardSales: money("gift_card_sales").notNull().default("0"),
    /**
     * Where it was sold (decision 0077): `web` through the shop's checkout, `stall` in person on the
     * market screen. A stall sale has no delivery and no shopper to notify; its buyer's e-mail, name and
     * phone are "" unless the seller adds them (a full sales document).
     */
    channel: text("channel").notNull().default("web"),
    /** The market screen's own id for a stall sale, made on the phone: the same id twice is one sale. */
    clientSaleId: text("client_sale_id"),
    /** When the stall sale was made on the phone (it may reach the server later, from the offline queue). */
    soldAt: timestamp("sold_at", { withTimezone: true }),
    /** The market (a named session with opening cash) the stall sale was made at; null: none named. */
    marketSessionId: uuid("market_session_id").references(() => marketSessions.id, { onDelete: "set null" }),
    /** How a stall sale is paid: cash, card_terminal (the seller's own), vipps_qr or vipps_phone. */
    paymentMethod: text("payment_method"),
    /** Cash handed over for a cash sale; the change is this less total_gross. */
    cashGiven: money("cash_given"),
    /** The seller's card terminal's reference for a card sale, as they typed it. */
    terminalRef: text("terminal_ref"),
    /** The buyer's address on a stall sale made a full sales document (with ship_to_name as the name). */
    buyerAddress: text("buyer_address"),
    /** Given back at the stall (sale_refunds): revenue is what was paid less this. */
    refundedTotal: money("refunded_total").notNull().default("0"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_idempotency_key").on(t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex("orders_public_token_key").on(t.publicToken),
    index("orders_store_placed_idx").on(t.storeId, t.placedAt.desc()),
    index("orders_store_status_idx").on(t.storeId, t.status),
    // The bell's withdrawals (decision 0061): the few withdrawn orders, not every fulfilled one.
    index("orders_store_withdrawn_idx").on(t.storeId).where(sql`${t.withdrawnAt} is not null`),
    check("orders_status_check", sql`${t.status} in ('pending', 'paid', 'fulfilled', 'cancelled')`),
    check("orders_total_check", sql`${t.totalGross} >= 0`),
    check(
      "orders_price_rules_check",
      sql`${t.discountTotal} >= 0 and ${t.giftCardTotal} >= 0 and ${t.giftCardSales} >= 0`,
    ),
    index("orders_discount_code_idx").on(t.discountCodeId).where(sql`${t.discountCodeId} is not null`),
    check("orders_channel_check", sql`${t.channel} in ('web', 'stall')`),
    check(
      "orders_payment_method_check",
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('cash', 'card_terminal', 'vipps_qr', 'vipps_phone')`,
    ),
    check("orders_refunded_total_check", sql`${t.refundedTotal} >= 0`),
    check(
      "orders_shipping_price_source_check",
      sql`${t.shippingPriceSource} is null or ${t.shippingPriceSource} in ('bring', 'seller')`,
    ),
    uniqueIndex("orders_store_client_sale_key")
      .on(t.storeId, t.clientSaleId)
      .where(sql`${t.clientSaleId} is not null`),
    // The stall's sales list and day report read a store's stall sales by when they were sold.
    index("orders_store_stall_sold_idx").on(t.storeId, t.soldAt).where(sql`${t.channel} = 'stall'`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // A deleted product leaves its snapshot (title, unit price) on past orders (decision 0017).
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    variantLabel: text("variant_label"),
    unitPrice: money("unit_price").notNull(),
    qty: integer("qty").notNull().default(1),
    /** How many of this line were given back at the stall (sale_refunds). */
    refundedQty: integer("refunded_qty").notNull().default(0),
    /**
     * A gift card bought (decision 0076): who it is for and when it is sent; null on a product's line. The
     * card itself (gift_cards) is made when the order is paid.
     */
    giftCard: jsonb("gift_card").$type<{
      recipientName?: string;
      recipientEmail?: string;
      message?: string;
      sendAt?: string;
    }>(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    check("order_items_qty_check", sql`${t.qty} > 0`),
    check("order_items_unit_price_check", sql`${t.unitPrice} >= 0`),
    check("order_items_refunded_qty_check", sql`${t.refundedQty} >= 0 and ${t.refundedQty} <= ${t.qty}`),
  ],
);

export const orderStatusEvents = pgTable(
  "order_status_events",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    changedByUserId: uuid("changed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who moved it: the shopper (placing it), a seller, the payment provider, or the expiry (decision 0034). */
    changedBy: text("changed_by").notNull().default("seller"),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_status_events_order_idx").on(t.orderId, t.changedAt),
    check(
      "order_status_events_changed_by_check",
      sql`${t.changedBy} in ('shopper', 'seller', 'provider', 'expiry')`,
    ),
    check(
      "order_status_events_to_check",
      sql`${t.toStatus} in ('pending', 'paid', 'fulfilled', 'cancelled')`,
    ),
  ],
);

/**
 * One attempt to pay an order at a provider (decision 0034). Its status only moves forward (see
 * PAYMENT_STATUS_NEXT in the payments service); amounts are exact kroner like every price (decision 0007).
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    status: text("status").notNull(),
    /** Our reference for this attempt: Vipps `reference`, Stripe `client_reference_id` and idempotency key. */
    reference: text("reference").notNull(),
    /** The merchant it was made for: the Vipps MSN or the Stripe connected account (`acct_…`). */
    merchant: text("merchant").notNull(),
    /** Vipps `pspReference`, Stripe `payment_intent`. */
    providerTxId: text("provider_tx_id"),
    /** Stripe's Checkout Session id (`cs_…`); Vipps has none. */
    providerSessionId: text("provider_session_id"),
    redirectUrl: text("redirect_url"),
    amount: money("amount").notNull(),
    capturedAmount: money("captured_amount").notNull().default("0"),
    refundedAmount: money("refunded_amount").notNull().default("0"),
    authorisedAt: timestamp("authorised_at", { withTimezone: true }),
    /** Claimed by one server's payment worker until then (FOR UPDATE SKIP LOCKED, like the SMS outbox). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId),
    uniqueIndex("payments_reference_key").on(t.reference),
    index("payments_unfinished_idx").on(t.createdAt).where(sql`${t.status} = 'created'`),
    // The bell's stock conflicts (decision 0061): does a cancelled order hold money, read from the index alone.
    index("payments_held_idx").on(t.orderId).where(sql`${t.status} in ('authorized', 'captured')`),
    check("payments_provider_check", sql`${t.provider} in ('vipps', 'stripe')`),
    check(
      "payments_status_check",
      sql`${t.status} in ('created', 'authorized', 'captured', 'cancelled', 'refunded', 'expired', 'failed')`,
    ),
    check("payments_amount_check", sql`${t.amount} >= 0`),
    check("payments_captured_check", sql`${t.capturedAmount} >= 0 and ${t.capturedAmount} <= ${t.amount}`),
    check(
      "payments_refunded_check",
      sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.capturedAmount}`,
    ),
  ],
);

/**
 * Every verified provider event about one of Torg's attempts, once: a replayed webhook hits the unique
 * key and changes nothing (decision 0034). Only events of Torg's attempts are stored, their payload cut
 * to the fields Torg reads, for PAYMENT_EVENTS_RETENTION_DAYS (decision 0055). An event that is not the
 * attempt's own merchant, reference, currency or amount is `refused`, with the reason, and moved nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: id(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    /** Always set for rows written since decision 0055 (older rows of no attempt were deleted). */
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    outcome: text("outcome").notNull().default("accepted"),
    refusedReason: text("refused_reason"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_events_provider_event_key").on(t.provider, t.eventId),
    index("payment_events_payment_idx").on(t.paymentId),
    index("payment_events_received_idx").on(t.receivedAt),
    check("payment_events_outcome_check", sql`${t.outcome} in ('accepted', 'refused')`),
    check(
      "payment_events_refused_reason_check",
      sql`(${t.outcome} = 'refused' and ${t.refusedReason} in ('merchant', 'reference', 'currency', 'amount')) or (${t.outcome} = 'accepted' and ${t.refusedReason} is null)`,
    ),
  ],
);

/** The Vipps webhook registered for one merchant serial number, with the secret its calls are signed with. */
export const vippsWebhooks = pgTable("vipps_webhooks", {
  msn: text("msn").primaryKey(),
  webhookId: text("webhook_id").notNull(),
  secret: text("secret").notNull(),
  url: text("url").notNull(),
  createdAt: createdAt(),
});

/**
 * A code texted to a store's phone, waiting to be typed in. Only a hash of the code is kept; it is bound
 * to the number it went to, expires, and allows a few attempts.
 */
export const storePhoneVerifications = pgTable("store_phone_verifications", {
  storeId: uuid("store_id")
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  phone: text("phone").notNull(),
  codeHash: text("code_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  attempts: integer("attempts").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The pending confirmation of a store's contact address (decision 0066): the link's token only as its
 * SHA-256, bound to the address it was sent to, single-use (deleted when used), expiring. One per store:
 * a new link replaces the last.
 */
export const storeContactEmailConfirmations = pgTable(
  "store_contact_email_confirmations",
  {
    storeId: uuid("store_id")
      .primaryKey()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("store_contact_email_confirmations_token_key").on(t.tokenHash)],
);

const SMS_PURPOSES = sql`('order_confirmation', 'order_cancelled', 'order_refunded', 'order_ready_for_pickup', 'seller_new_order', 'phone_verification', 'stall_receipt')`;

/** Every attempt to send an SMS, successful or not (decision 0008), and every text held back (limited, refused). */
export const smsLog = pgTable(
  "sms_log",
  {
    id: id(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    storeId: uuid("store_id").references(() => stores.id, { onDelete: "set null" }),
    outboxId: uuid("outbox_id").references(() => smsOutbox.id, { onDelete: "set null" }),
    toNumber: text("to_number").notNull(),
    message: text("message").notNull(),
    purpose: text("purpose").notNull(),
    status: text("status").notNull(),
    provider: text("provider"),
    attempt: integer("attempt").notNull().default(1),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("sms_log_order_idx").on(t.orderId),
    index("sms_log_store_idx").on(t.storeId, t.createdAt),
    // rate_limited: over a per-number or per-store hourly limit; refused: a number Torg does not text.
    check(
      "sms_log_status_check",
      sql`${t.status} in ('sent', 'logged', 'failed', 'rate_limited', 'refused')`,
    ),
    check("sms_log_purpose_check", sql`${t.purpose} in ${SMS_PURPOSES}`),
  ],
);

/**
 * Messages waiting to be sent. Written in the order's transaction, so a committed order always has its
 * SMS queued; any app server's worker claims rows with FOR UPDATE SKIP LOCKED, so each is sent once.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: id(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The store the text is about: counted against its hourly limit. */
    storeId: uuid("store_id").references(() => stores.id, { onDelete: "set null" }),
    toNumber: text("to_number").notNull(),
    /** What to send; an order's text is composed from the order and its store when it is sent. */
    purpose: text("purpose").notNull(),
    /** Torg's address for the link in a buyer's confirmation, taken when the order was placed. */
    linkOrigin: text("link_origin"),
    /**
     * A text that cannot be composed when sent (a verification code, whose only plain copy this is);
     * emptied once the message is sent or given up.
     */
    body: text("body"),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("sms_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("sms_outbox_order_idx").on(t.orderId),
    check(
      "sms_outbox_status_check",
      sql`${t.status} in ('pending', 'sent', 'failed', 'rate_limited', 'refused')`,
    ),
    check("sms_outbox_purpose_check", sql`${t.purpose} in ${SMS_PURPOSES}`),
  ],
);

const EMAIL_PURPOSES = sql`('order_confirmation', 'order_shipped', 'order_ready_for_pickup', 'order_cancelled', 'order_refunded', 'seller_new_order', 'seller_withdrawal', 'withdrawal_confirmation', 'payout_account_changed', 'contact_email_confirmation', 'password_reset', 'email_verification', 'gift_card', 'stall_receipt')`;

/** Every attempt to send an e-mail, like sms_log (decision 0037): what the seller reads in the admin dashboard. */
export const emailLog = pgTable(
  "email_log",
  {
    id: id(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    storeId: uuid("store_id").references(() => stores.id, { onDelete: "set null" }),
    outboxId: uuid("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    /** The plain-text part: with the log provider, this is where the message can be read. */
    body: text("body").notNull(),
    purpose: text("purpose").notNull(),
    status: text("status").notNull(),
    provider: text("provider"),
    attempt: integer("attempt").notNull().default(1),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("email_log_order_idx").on(t.orderId),
    index("email_log_store_idx").on(t.storeId, t.createdAt),
    // rate_limited: over EMAIL_PER_RECIPIENT_PER_HOUR to an address a shopper typed, not sent (decision 0058).
    check("email_log_status_check", sql`${t.status} in ('sent', 'logged', 'failed', 'rate_limited')`),
    check("email_log_purpose_check", sql`${t.purpose} in ${EMAIL_PURPOSES}`),
  ],
);

/**
 * E-mails waiting to be sent (decision 0037), like sms_outbox: queued in the transaction that causes them
 * (the checkout statement, a fulfilment, a withdrawal), composed from the order when sent, claimed with
 * FOR UPDATE SKIP LOCKED so each goes out once.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    storeId: uuid("store_id").references(() => stores.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    purpose: text("purpose").notNull(),
    /** Torg's address for the link to the shopper's order page, taken when the message was queued. */
    linkOrigin: text("link_origin"),
    /**
     * What a message about no order says, fixed when it was queued: a changed payout account's store,
     * provider, masked accounts and the recipient's language (decision 0058). Null for an order's e-mails.
     */
    params: jsonb("params").$type<Record<string, string | null>>(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("email_outbox_order_idx").on(t.orderId),
    // cancelled: held until the order was paid online (decision 0034), and the order never was;
    // rate_limited: over the hourly limit of its recipient, never sent (decision 0058).
    check(
      "email_outbox_status_check",
      sql`${t.status} in ('pending', 'sent', 'failed', 'cancelled', 'rate_limited')`,
    ),
    check("email_outbox_purpose_check", sql`${t.purpose} in ${EMAIL_PURPOSES}`),
  ],
);

export const aiLogs = pgTable(
  "ai_logs",
  {
    id: id(),
    createdAt: createdAt(),
    endpoint: text("endpoint").notNull(),
    prompt: text("prompt"),
    response: text("response"),
    responseStatus: integer("response_status"),
    processingTimeMs: integer("processing_time_ms"),
    error: text("error"),
    tokens: integer("tokens"),
    storeId: uuid("store_id").references(() => stores.id, { onDelete: "set null" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    /** Who asked: lets a seller see their own anonymous-free calls (decision 0004). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("ai_logs_created_idx").on(t.createdAt.desc()),
    index("ai_logs_store_idx").on(t.storeId),
    index("ai_logs_user_idx").on(t.userId),
  ],
);

export const qrCodes = pgTable(
  "qr_codes",
  {
    id: id(),
    code: text("code").notNull(),
    // Cleared when its store goes; the owner keeps seeing it as "Unassigned" (decision 0014).
    storeId: uuid("store_id").references(() => stores.id, { onDelete: "set null" }),
    ownerUserId: uuid("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    url: text("url").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    scannedCount: integer("scanned_count").notNull().default(0),
    lastScannedAt: timestamp("last_scanned_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("qr_codes_code_key").on(t.code),
    index("qr_codes_store_idx").on(t.storeId),
    index("qr_codes_owner_idx").on(t.ownerUserId),
    check("qr_codes_scanned_check", sql`${t.scannedCount} >= 0`),
  ],
);

/**
 * Storefront product page views per Oslo calendar day, counted by the server (no third-party tracker).
 * App servers add their buffered counts with one upsert per flush, so rows only ever grow by increments.
 */
export const productViews = pgTable(
  "product_views",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.day] }),
    index("product_views_store_day_idx").on(t.storeId, t.day),
    check("product_views_views_check", sql`${t.views} >= 0`),
  ],
);

/**
 * A store's discount codes (decision 0076): a percentage or an amount off, or free delivery, within an
 * optional window, minimum, number of uses and set of products. `uses` counts the orders that hold a use
 * (discount_redemptions); the checkout takes a use under the row's lock, so N uses left are taken at most N
 * times, and a cancel gives its use back.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: id(),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** As the seller typed it; matched without regard to case. */
    code: text("code").notNull(),
    kind: text("kind").notNull(),
    /** percent: 1–100; amount: kroner off; free_delivery: 0. */
    value: money("value").notNull().default("0"),
    minOrderTotal: money("min_order_total"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    onePerShopper: boolean("one_per_shopper").notNull().default(false),
    /** Only these products' lines are discounted; null: every product of the store. */
    productIds: uuid("product_ids").array(),
    /** active, paused (the seller may resume it) or ended (for good). */
    state: text("state").notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_store_code_key").on(t.storeId, sql`lower(${t.code})`),
    check("discount_codes_kind_check", sql`${t.kind} in ('percent', 'amount', 'free_delivery')`),
    check("discount_codes_state_check", sql`${t.state} in ('active', 'paused', 'ended')`),
    check("discount_codes_value_check", sql`${t.value} >= 0`),
    check("discount_codes_uses_check", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.maxUses} > 0)`),
  ],
);

/**
 * One order's use of a discount code (decision 0076). A cancel deletes it and gives the use back.
 * `shopper` is the buyer's e-mail, lower-cased, when the code allows one use per shopper: the unique
 * index is the last guard against a second use.
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    discountCodeId: uuid("discount_code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    shopper: text("shopper"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discount_redemptions_shopper_key")
      .on(t.discountCodeId, t.shopper)
      .where(sql`${t.shopper} is not null`),
  ],
);

/** A store's gift card offer (decision 0076): off until the seller turns it on. */
export const giftCardSettings = pgTable(
  "gift_card_settings",
  {
    storeId: uuid("store_id")
      .primaryKey()
      .references(() => stores.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    /** The fixed amounts offered, as numeric(12,2) text, ascending. */
    amounts: jsonb("amounts").$type<string[]>().notNull().default([]),
    /** A free amount between these, both set, or neither (no free amount). */
    customMin: money("custom_min"),
    customMax: money("custom_max"),
    /** How long a card is valid from purchase; at least 36 months (three years, the Norwegian norm). */
    validityMonths: integer("validity_months").notNull().default(36),
    updatedAt: updatedAt(),
  },
  (t) => [check("gift_card_settings_validity_check", sql`${t.validityMonths} between 36 and 120`)],
);

/**
 * A gift card (decision 0076), made when the order that bought it is paid. The code is what is read out
 * at a stall and typed at checkout: unguessable, with a check character (src/shared/gift-card.ts). The
 * balance only ever falls by a redemption taken under the row's lock, and rises by a cancel's refund.
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: id(),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** Normalised: upper case, no separators. */
    code: text("code").notNull(),
    initialAmount: money("initial_amount").notNull(),
    balance: money("balance").notNull(),
    /** active or voided. */
    status: text("status").notNull().default("active"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The order that bought it, and its line; null when that order is gone. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderItemId: uuid("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    buyerName: text("buyer_name"),
    buyerEmail: text("buyer_email"),
    recipientName: text("recipient_name"),
    recipientEmail: text("recipient_email"),
    message: text("message"),
    /** When the card's e-mail goes out; null: at once. */
    sendAt: timestamp("send_at", { withTimezone: true }),
    createdAt: createdAt(),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("gift_cards_code_key").on(t.code),
    uniqueIndex("gift_cards_order_item_key").on(t.orderItemId),
    index("gift_cards_store_idx").on(t.storeId, t.createdAt.desc()),
    check("gift_cards_status_check", sql`${t.status} in ('active', 'voided')`),
    check(
      "gift_cards_balance_check",
      sql`${t.initialAmount} > 0 and ${t.balance} >= 0 and ${t.balance} <= ${t.initialAmount}`,
    ),
  ],
);

/** What a gift card paid of an order (decision 0076); a cancel deletes it and puts the amount back. */
export const giftCardRedemptions = pgTable(
  "gift_card_redemptions",
  {
    id: id(),
    giftCardId: uuid("gift_card_id")
      .notNull()
      .references(() => giftCards.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("gift_card_redemptions_card_idx").on(t.giftCardId),
    uniqueIndex("gift_card_redemptions_order_card_key").on(t.orderId, t.giftCardId),
    check("gift_card_redemptions_amount_check", sql`${t.amount} > 0`),
  ],
);

/**
 * A market: a named selling session at a stall with the cash the till started with (decision 0077). The
 * day report adds up its sales and sets the cash it expects against the cash counted at closing.
 */
export const marketSessions = pgTable(
  "market_sessions",
  {
    id: id(),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    openingCash: money("opening_cash").notNull().default("0"),
    /** Counted when the market closes; null while it is open. */
    countedCash: money("counted_cash"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("market_sessions_store_idx").on(t.storeId, t.openedAt.desc()),
    check(
      "market_sessions_cash_check",
      sql`${t.openingCash} >= 0 and (${t.countedCash} is null or ${t.countedCash} >= 0)`,
    ),
  ],
);

/** The last receipt number a store gave (decision 0077): one gap-free sequence per store. */
export const receiptCounters = pgTable("receipt_counters", {
  storeId: uuid("store_id")
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  lastNumber: integer("last_number").notNull().default(0),
});

/**
 * Money given back for a stall sale, or part of it (decision 0077): what went back and how, which lines
 * and how many of each, and whether the pieces went back into stock.
 */
export const saleRefunds = pgTable(
  "sale_refunds",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    /** The market screen's own id for the refund: the same id twice is one refund. */
    clientRefundId: text("client_refund_id"),
    /** The whole refund, in kroner: giftCardAmount of it went back onto the gift card, the rest by `method`. */
    amount: money("amount").notNull(),
    giftCardAmount: money("gift_card_amount").notNull().default("0"),
    /** cash (paid out), card_terminal (recorded: done on the seller's terminal), vipps (through Vipps). */
    method: text("method").notNull(),
    /** [{ orderItemId, qty, amount }]: the lines given back. */
    lines: jsonb("lines").$type<{ orderItemId: string; qty: number; amount: string }[]>().notNull(),
    /** VAT included in the amount, per rate, as the sale's VAT was split. */
    vat: jsonb("vat").$type<{ rate: number; amount: string }[]>().notNull().default([]),
    restocked: boolean("restocked").notNull().default(true),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("sale_refunds_order_idx").on(t.orderId),
    index("sale_refunds_store_idx").on(t.storeId, t.createdAt),
    uniqueIndex("sale_refunds_client_key")
      .on(t.orderId, t.clientRefundId)
      .where(sql`${t.clientRefundId} is not null`),
    check(
      "sale_refunds_amount_check",
      sql`${t.amount} > 0 and ${t.giftCardAmount} >= 0 and ${t.giftCardAmount} <= ${t.amount}`,
    ),
    check("sale_refunds_method_check", sql`${t.method} in ('cash', 'card_terminal', 'vipps')`),
  ],
);

/**
 * A receipt for a stall sale or a refund (decision 0077), numbered from its store's one gap-free
 * sequence (receipt_counters) in the transaction that makes it. Its page is /r/{public_token}.
 */
export const receipts = pgTable(
  "receipts",
  {
    id: id(),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    number: integer("number").notNull(),
    /** sale or refund. */
    kind: text("kind").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The refund a refund receipt is for; it references the sale through order_id. */
    refundId: uuid("refund_id").references(() => saleRefunds.id, { onDelete: "restrict" }),
    /** The secret in the receipt's address, made as an order page's is (decision 0026). */
    publicToken: text("public_token")
      .notNull()
      .default(sql`encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex')`),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("receipts_store_number_key").on(t.storeId, t.number),
    uniqueIndex("receipts_public_token_key").on(t.publicToken),
    uniqueIndex("receipts_sale_key").on(t.orderId).where(sql`${t.kind} = 'sale'`),
    uniqueIndex("receipts_refund_key").on(t.refundId).where(sql`${t.refundId} is not null`),
    check("receipts_kind_check", sql`${t.kind} in ('sale', 'refund')`),
    check("receipts_number_check", sql`${t.number} > 0`),
  ],
);

/**
 * A store's carrier account (decision 0079): Bring through the seller's own Mybring user and API key,
 * checked against Bring when saved. The key is kept sealed with a server secret (lib/sealed-secret.ts)
 * and never read back to anyone; the sender address goes on every label; `services` are the carrier's
 * services the checkout offers, each at the carrier's price for the cart or at the seller's own price.
 */
export const storeCarriers = pgTable(
  "store_carriers",
  {
    storeId: uuid("store_id")
      .primaryKey()
      .references(() => stores.id, { onDelete: "cascade" }),
    provider: text("provider").notNull().default("bring"),
    apiUid: text("api_uid").notNull(),
    apiKeySealed: text("api_key_sealed").notNull(),
    customerNumber: text("customer_number").notNull(),
    sender: jsonb("sender")
      .$type<{ name: string; street: string; postalCode: string; city: string }>()
      .notNull(),
    services: jsonb("services").$type<{ code: string; price?: string | null }[]>().notNull().default([]),
    /** Weighs a product without its own weight, in grams. */
    defaultWeightGrams: integer("default_weight_grams").notNull().default(1000),
    /** A carrier's service is free when the lines (after a discount) add up to at least this; null: never. */
    freeAbove: money("free_above"),
    /** The seller lets an order become fulfilled when the carrier says its parcel was delivered. */
    fulfilOnDelivery: boolean("fulfil_on_delivery").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("store_carriers_provider_check", sql`${t.provider} in ('bring')`),
    check("store_carriers_default_weight_check", sql`${t.defaultWeightGrams} > 0`),
    check("store_carriers_free_above_check", sql`${t.freeAbove} is null or ${t.freeAbove} >= 0`),
  ],
);

/**
 * A parcel booked with a carrier for an order (decision 0079): its tracking number and link, its label
 * (a PDF in file storage), and what the carrier's tracking last said. The tracking worker claims the
 * shipments due (`next_check_at`) with FOR UPDATE SKIP LOCKED and a lease, so many servers share it.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    carrier: text("carrier").notNull(),
    service: text("service").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    trackingUrl: text("tracking_url").notNull(),
    /** The label PDF's key in file storage. */
    labelKey: text("label_key").notNull(),
    bookedBy: uuid("booked_by").references(() => users.id, { onDelete: "set null" }),
    bookedAt: timestamp("booked_at", { withTimezone: true }).notNull().defaultNow(),
    /** What the carrier last said, in Torg's words (shared/shipping.ts TRACKING_STATES). */
    state: text("state").notNull().default("booked"),
    /** The carrier's events, newest first, in Torg's shape (shared/shipping.ts trackingEventSchema). */
    events: jsonb("events")
      .$type<
        {
          at: string;
          state: string;
          description: string;
          place: string | null;
        }[]
      >()
      .notNull()
      .default([]),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** When the tracking worker reads it next; null once it is delivered or returned (nothing more to read). */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("shipments_order_key").on(t.orderId),
    index("shipments_due_idx").on(t.nextCheckAt).where(sql`${t.nextCheckAt} is not null`),
    check(
      "shipments_state_check",
      sql`${t.state} in ('booked', 'in_transit', 'ready_for_pickup', 'delivered', 'returned', 'exception')`,
    ),
  ],
);

/**
 * A store's own domain (decision 0080): `keramikkari.no` or `www.keramikkari.no`, lower case, one
 * store's only. It is served once the DNS records Torg showed are found (`verified`): the TXT record
 * `_torg-verify.{domain}` with `token` proves the seller holds the name, and a CNAME to `target_host` (or
 * A/AAAA records to its addresses) points it here. `target_host` is the platform's host when the domain
 * was added, so the periodic check asks about the same records the seller was shown.
 */
export const storeDomains = pgTable(
  "store_domains",
  {
    id: id(),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    token: text("token").notNull(),
    targetHost: text("target_host").notNull(),
    /**
     * The records the seller was shown when the domain was added (shared/domains.ts DnsRecord): the TXT
     * record, and the CNAME, or the A/AAAA records with `target_host`'s addresses then. Checks look for
     * exactly these.
     */
    records: jsonb("records")
      .$type<{ type: "CNAME" | "A" | "AAAA" | "TXT"; name: string; value: string }[]>()
      .notNull(),
    status: text("status").notNull().default("pending"),
    /** Why the last check did not verify it (an error key of the catalogues); null once verified. */
    checkError: text("check_error"),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** When the periodic check reads it next; pending ones often, verified ones daily. */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("store_domains_domain_key").on(t.domain),
    index("store_domains_store_idx").on(t.storeId, t.createdAt),
    index("store_domains_due_idx").on(t.nextCheckAt).where(sql`${t.nextCheckAt} is not null`),
    check("store_domains_status_check", sql`${t.status} in ('pending', 'verified', 'failed')`),
    check("store_domains_domain_format_check", sql`${t.domain} = lower(${t.domain})`),
  ],
);

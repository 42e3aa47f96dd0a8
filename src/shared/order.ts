import { carrierServiceOf } from "./carrier-choice";
import { type DeliveryOptionView, orderDeliverySchema, parcelAddressSchema } from "./delivery";
import { giftCardLineSchema } from "./gift-card";
import { MAX_LINES_PER_ORDER, MAX_QTY_PER_LINE } from "./order-limits";
import { PAYMENT_PROVIDERS, sellerPaymentViewSchema, shopperPaymentSchema } from "./payment";
import { toE164 } from "./phone";
import { orderShippingSchema, shipmentViewSchema, shippingChoiceSchema } from "./shipping";
import { multiLineText, singleLineText } from "./text";
import { vatLineSchema } from "./vat";
import { z } from "./zod";

export const ORDER_STATUSES = ["pending", "paid", "fulfilled", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * A cancelled order may be reopened (D18, decision 0067), but stays cancelled once its online payment
 * gave money back: the seller's status form and the server refuse the same reopen.
 */
export function staysCancelled(from: OrderStatus, to: OrderStatus, moneyWentBack: boolean): boolean {
  return from === "cancelled" && to !== "cancelled" && moneyWentBack;
}

/** How a status is worded to seller and shopper: a fulfilled pick-up order is "ready for pick-up". */
export type StatusWord = OrderStatus | "readyForPickup";

/**
 * The word for an order's status (decision 0067): "Ready for pick-up" for a fulfilled order collected
 * at the shop, as its shopper is told by mail and text (decision 0064), "Fulfilled"/"Sent" for a parcel.
 */
export function statusWord(status: OrderStatus, deliveryKind?: string | null): StatusWord {
  return status === "fulfilled" && deliveryKind === "pickup" ? "readyForPickup" : status;
}

/**
 * A status change. A seller fulfilling an order may add the parcel's tracking number, which is kept on
 * the order (decision 0036); "" clears it.
 */
export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, "errors.statusInvalid"),
  trackingNumber: singleLineText().max(100, "errors.trackingNumberInvalid").optional(),
  /**
   * Cancelling a fulfilled or withdrawn order: whether the piece is back, so it goes into stock again
   * (decision 0067). Required for those orders, ignored for others.
   */
  restock: z.boolean().optional(),
});

export const orderItemViewSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  title: z.string(),
  variantLabel: z.string().nullable(),
  unitPrice: z.string(),
  qty: z.number(),
  /** A gift card bought (decision 0076): who it is for; absent or null on a product's line. */
  giftCard: z
    .object({
      recipientName: z.string().optional(),
      recipientEmail: z.string().optional(),
      message: z.string().optional(),
      sendAt: z.string().optional(),
    })
    .nullable()
    .optional(),
});
export type OrderItemView = z.infer<typeof orderItemViewSchema>;

export type { VatLine } from "./vat";

export const ORDER_ACTORS = ["shopper", "seller", "provider", "expiry"] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export const orderStatusEventViewSchema = z.object({
  id: z.string(),
  fromStatus: z.enum(ORDER_STATUSES).nullable(),
  toStatus: z.enum(ORDER_STATUSES),
  changedAt: z.string(),
  changedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  /** Who moved it: the shopper placing it, a seller, the payment provider or the payment expiry. */
  actor: z.enum(ORDER_ACTORS).optional(),
});
export type OrderStatusEventView = z.infer<typeof orderStatusEventViewSchema>;

export const orderViewSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalGross: z.string(),
  currencyCode: z.string(),
  buyerEmail: z.string(),
  shipToName: z.string(),
  shipToPhone: z.string(),
  shipToAddr: z.record(z.string(), z.string()).nullable(),
  placedAt: z.string(),
  items: z.array(orderItemViewSchema),
  history: z.array(orderStatusEventViewSchema).optional(),
  /** The delivery chosen, as it was priced when ordered; null for an order from a store without options. */
  delivery: orderDeliverySchema.nullable(),
  /** MVA included in totalGross, per rate (decision 0036); empty when the store is not VAT registered. */
  vat: z.array(vatLineSchema),
  /**
   * Whether the order holds its stock (decision 0067): false once it was given back (cancelled, or an
   * online attempt ended unpaid, decision 0063), so a cancel gives nothing back and a reopen takes it again.
   */
  holdsStock: z.boolean().optional(),
  /** The parcel's tracking number, once the seller has added it. */
  trackingNumber: z.string().nullable(),
  /** The carrier's service chosen at checkout (decision 0079); absent or null: a flat option or none. */
  shipping: orderShippingSchema.nullable().optional(),
  /** The parcel booked with the carrier, with what its tracking last said; absent or null: none booked. */
  shipment: shipmentViewSchema.nullable().optional(),
  /**
   * Price rules (decision 0076), in kroner with two decimals. totalGross is what is left to pay after
   * them: the lines, minus discountTotal, plus the delivery, minus giftCardTotal (paid by gift card).
   */
  discountCode: z.string().nullable().optional(),
  discountTotal: z.string().optional(),
  giftCardTotal: z.string().optional(),
  /** Gift cards bought in the order: money taken for cards, not revenue, and without VAT. */
  giftCardSales: z.string().optional(),
  /** When the shopper withdrew from the order (angrerett, decision 0037); absent or null: they did not. */
  withdrawnAt: z.string().nullable().optional(),
  /** The shopper's own order page (absolute), in the answer to the shopper who placed the order. */
  publicUrl: z.string().optional(),
  /** The latest payment attempt, for the seller (decision 0034); absent when the order is paid by hand. */
  payment: sellerPaymentViewSchema.nullable().optional(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/**
 * The answer to POST /api/orders: the order as placed, with the shopper's own order page (decision 0026)
 * unless the request came through a Host Torg does not answer to, and where to pay when the shopper
 * chose to pay online (decision 0034).
 */
export const placedOrderSchema = orderViewSchema.omit({ payment: true }).extend({
  payment: shopperPaymentSchema.optional(),
  /**
   * The buyer's phone gets the confirmation text (a number in a country Torg texts, decision 0068); false:
   * the receipt e-mail, which every order gets, is the only confirmation.
   */
  smsConfirmation: z.boolean().optional(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/** The shopper's order page: unguessable, no account needed (decision 0026). */
export function orderPagePath(storeSlug: string, publicToken: string) {
  return `/s/${encodeURIComponent(storeSlug)}/order/${encodeURIComponent(publicToken)}`;
}

/** Checkout (docs/product-spec.md 5). The client sends ids and quantities only; prices come from the database (decision 0006). */
export { MAX_LINES_PER_ORDER, MAX_QTY_PER_LINE } from "./order-limits";

/**
 * A phone number as typed, before it is read: the length rules every form shares. Reading it (validity,
 * E.164) is the client's toE164 and, on the server, the SMS destination module's one parse.
 */
export const phoneTextSchema = singleLineText("errors.phoneRequired")
  // Each says what is wrong, and only the first that applies is said: an empty field is missing, "123"
  // too short, "12345678x" not a phone number (errors.phoneInvalid, from the reading that follows).
  .min(1, { message: "errors.phoneRequired", abort: true })
  .min(8, { message: "errors.phoneTooShort", abort: true })
  .max(40, "errors.phoneInvalid");

export const checkoutFormSchema = z.object({
  shipToName: singleLineText("errors.nameRequired")
    .min(1, { message: "errors.nameRequired", abort: true })
    .min(2, { message: "errors.nameTooShort", abort: true })
    .max(120, "errors.textTooLong"),
  buyerEmail: z
    .string("errors.validEmailRequired")
    .trim()
    .toLowerCase()
    .email("errors.validEmailRequired")
    .max(254, "errors.validEmailRequired"),
  shipToPhone: phoneTextSchema.refine((phone) => toE164(phone) !== undefined, "errors.phoneInvalid"),
  address: multiLineText().max(500, "errors.textTooLong").optional(),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/**
 * The checkout form of a store with its delivery options (decision 0036): one option must be chosen when
 * there are any; a parcel needs street, a 4-digit postcode and city (the same parcelAddressSchema the
 * server's statement enforces); the shopper confirms the terms of sale. A store shipping with a carrier
 * (decision 0079) also offers `carrierServices` (the delivery value "bring:<code>"): a pick-up service
 * needs the postcode and a point, the others the parcel address.
 */
export function checkoutFormSchemaFor(
  options: readonly Pick<DeliveryOptionView, "id" | "kind">[],
  carrierServices: readonly { service: string; pickup: boolean }[] = [],
) {
  return checkoutFormSchema
    .extend({
      deliveryOptionId: z.string().optional(),
      street: z.string().optional(),
      post: z.string().optional(),
      city: z.string().optional(),
      pickupPointId: z.string().optional(),
      acceptTerms: z.boolean().refine((accepted) => accepted, "errors.termsRequired"),
    })
    .superRefine((form, context) => {
      if (options.length === 0 && carrierServices.length === 0) return;
      const code = carrierServiceOf(form.deliveryOptionId);
      const carrier = code ? carrierServices.find((service) => service.service === code) : undefined;
      const option = options.find((candidate) => candidate.id === form.deliveryOptionId);
      if (!option && !carrier) {
        context.addIssue({
          code: "custom",
          path: ["deliveryOptionId"],
          message: "errors.deliveryOptionRequired",
        });
        return;
      }
      if (carrier?.pickup) {
        if (!/^\d{4}$/.test(form.post ?? ""))
          context.addIssue({ code: "custom", path: ["post"], message: "errors.postcodeInvalid" });
        if (!form.pickupPointId)
          context.addIssue({
            code: "custom",
            path: ["pickupPointId"],
            message: "errors.pickupPointRequired",
          });
        return;
      }
      if (option && option.kind !== "parcel") return;
      for (const issue of parcelAddressSchema.safeParse(form).error?.issues ?? []) {
        context.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
    });
}
export type CheckoutFormFor = z.infer<ReturnType<typeof checkoutFormSchemaFor>>;

/** docs/product-spec.md 9: an order is shown by the first 8 characters of its id (lists, dialogs, SMS). */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

/** A product line: ids and a quantity only; the price comes from the database (decision 0006). */
const productLineSchema = z.object({
  productId: z.string("errors.productUnavailable").uuid("errors.productUnavailable"),
  variantId: z.string().uuid("errors.productUnavailable").nullable().optional(),
  // A JSON number that is an integer: no "2", "0x10", "1e1" or true turned into one.
  qty: z
    .number("errors.quantityInvalid")
    .int("errors.quantityInvalid")
    .min(1, "errors.quantityInvalid")
    .max(MAX_QTY_PER_LINE, "errors.quantityTooLarge"),
});

/** A gift card bought (decision 0076): one card per line, its amount one the store offers. */
const giftCardOrderLineSchema = z.object({ giftCard: giftCardLineSchema });

/**
 * A line of either kind. When it fits neither, the message is the one its own kind gave (a line naming a
 * gift card is read as one, any other as a product's), so "2" as a quantity still says what a quantity
 * must be rather than that the order cannot be placed.
 */
const orderLineSchema = z.union([productLineSchema, giftCardOrderLineSchema], {
  error: (issue) => {
    if (issue.code !== "invalid_union") return "errors.cannotPlaceOrder";
    const input = issue.input;
    const kind = input !== null && typeof input === "object" && "giftCard" in input ? 1 : 0;
    return issue.errors?.[kind]?.[0]?.message ?? "errors.cannotPlaceOrder";
  },
});

/** A typed code: trimmed; "" is no code. */
const priceRuleCode = (max: number) =>
  singleLineText("errors.invalidInput")
    .max(max, "errors.invalidInput")
    .transform((code) => code.trim() || undefined);

export const placeOrderSchema = z.object({
  storeId: z.string("errors.cannotPlaceOrder").uuid("errors.cannotPlaceOrder"),
  buyerEmail: checkoutFormSchema.shape.buyerEmail,
  shipToName: checkoutFormSchema.shape.shipToName,
  /**
   * The number as typed. The server reads it once (src/server/modules/sms/destination.ts, with the full
   * metadata its SMS check needs) and places the order with the E.164 form.
   */
  shipToPhone: phoneTextSchema,
  /** One of the store's delivery options; required when the store has any (decision 0036). */
  deliveryOptionId: z.string().uuid("errors.deliveryOptionInvalid").nullable().optional(),
  shipToAddr: z
    .object({
      address: multiLineText().max(500, "errors.textTooLong").optional(),
      street: singleLineText().max(200, "errors.textTooLong").optional(),
      city: singleLineText().max(100, "errors.textTooLong").optional(),
      post: singleLineText()
        .regex(/^(\d{4})?$/, "errors.postcodeInvalid")
        .optional(),
      country: singleLineText().max(60, "errors.textTooLong").optional(),
    })
    .nullable()
    .optional(),
  items: z
    .array(orderLineSchema, "errors.cannotPlaceOrder")
    .min(1, "errors.cannotPlaceOrder")
    .max(MAX_LINES_PER_ORDER, "errors.tooManyLines"),
  /**
   * A carrier's service instead of a delivery option (decision 0079); priced by the server for the
   * cart and `shipToAddr.post`, the shopper's postcode for either kind of service. A pick-up service
   * names a point the carrier lists near that postcode; the others need the parcel address.
   */
  shipping: shippingChoiceSchema.optional(),
  /** Pay online through this channel of the store (decision 0034); without it the seller collects by hand. */
  paymentProvider: z.enum(PAYMENT_PROVIDERS, "errors.providerInvalid").optional(),
  /** A discount code of the store (decision 0076), in any case. */
  discountCode: priceRuleCode(64).optional(),
  /** A gift card of the store, as printed or read out ("ABCD-EFGH-JKMN"), to pay all or part with. */
  giftCardCode: priceRuleCode(32).optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;
export type OrderLineInput = PlaceOrderInput["items"][number];
export type ProductLineInput = z.infer<typeof productLineSchema>;

/** A line buys a gift card rather than a product (decision 0076). */
export const isGiftCardLine = (line: OrderLineInput): line is z.infer<typeof giftCardOrderLineSchema> =>
  "giftCard" in line;

/**
 * POST /api/orders/quote (public): what an order would cost, with the codes applied, before the buyer's
 * details are given. `buyerEmail` is optional: with it, a one-per-shopper code is checked too.
 */
export const quoteOrderSchema = placeOrderSchema
  .pick({
    storeId: true,
    items: true,
    deliveryOptionId: true,
    shipping: true,
    paymentProvider: true,
    discountCode: true,
    giftCardCode: true,
  })
  .extend({
    buyerEmail: checkoutFormSchema.shape.buyerEmail.optional(),
    /** The shopper's postcode, with `shipping`: the carrier's price is for the cart to it. */
    postalCode: singleLineText("errors.postcodeInvalid")
      .regex(/^\d{4}$/, "errors.postcodeInvalid")
      .optional(),
  });
export type QuoteOrderInput = z.infer<typeof quoteOrderSchema>;

/**
 * The answer to a quote, in kroner with two decimals: `subtotal` (every line), minus `discount`, plus
 * `delivery`, is the order's value; `giftCard` of it is paid by the card and `total` is what is left to
 * pay. `vat` is the VAT included in the goods and delivery (never in a gift card bought).
 */
export const orderQuoteSchema = z.object({
  subtotal: z.string(),
  discount: z.string(),
  delivery: z.string(),
  giftCard: z.string(),
  total: z.string(),
  vat: z.array(vatLineSchema),
  /** The code as the store spells it, when one applied. */
  discountCode: z.string().nullable(),
  /** The code makes the delivery free: `discount` holds the delivery's price. */
  freeDelivery: z.boolean(),
  /** What is left on the card after this order, when a card pays. */
  giftCardBalance: z.string().nullable(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

/** A shopper whose details a seller erases from their store's orders, named by the e-mail they ordered with. */
export const eraseShopperSchema = z.object({ email: checkoutFormSchema.shape.buyerEmail });
export type EraseShopperInput = z.infer<typeof eraseShopperSchema>;

/** The delivery an order keeps a copy of (decision 0036); null on orders placed without one. */
export function deliveryOf(row: {
  deliveryName: string | null;
  deliveryKind: string | null;
  deliveryPrice: string | null;
}): OrderView["delivery"] {
  if (!row.deliveryName || !row.deliveryKind || row.deliveryPrice === null) return null;
  return { name: row.deliveryName, kind: row.deliveryKind as "pickup" | "parcel", price: row.deliveryPrice };
}

import { MAX_LINES_PER_ORDER, MAX_QTY_PER_LINE } from "./order-limits";
import { PAYMENT_PROVIDERS, type SellerPaymentView, type ShopperPayment } from "./payment";
import { toE164 } from "./phone";
import { z } from "./zod";

export const ORDER_STATUSES = ["pending", "paid", "fulfilled", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderStatusSchema = z.object({ status: z.enum(ORDER_STATUSES, "errors.statusInvalid") });

export interface OrderItemView {
  id: string;
  productId: string | null;
  variantId: string | null;
  title: string;
  variantLabel: string | null;
  unitPrice: string;
  qty: number;
}

export interface OrderStatusEventView {
  id: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  changedAt: string;
  changedBy: { id: string; fullName: string } | null;
  /** Who moved it: the shopper placing it, a seller, the payment provider or the payment expiry. */
  actor?: OrderActor;
}

export const ORDER_ACTORS = ["shopper", "seller", "provider", "expiry"] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export interface OrderView {
  id: string;
  storeId: string;
  storeName: string;
  status: OrderStatus;
  totalGross: string;
  currencyCode: string;
  buyerEmail: string;
  shipToName: string;
  shipToPhone: string;
  shipToAddr: Record<string, string> | null;
  placedAt: string;
  items: OrderItemView[];
  history?: OrderStatusEventView[];
  /** When the shopper withdrew from the order (angrerett, decision 0037); absent or null: they did not. */
  withdrawnAt?: string | null;
  /** The shopper's own order page (absolute), in the answer to the shopper who placed the order. */
  publicUrl?: string;
  /** The latest payment attempt, for the seller (decision 0034); absent when the order is paid by hand. */
  payment?: SellerPaymentView | null;
}

/** POST /api/orders answers the order and, when the shopper pays online, where to pay. */
export type PlacedOrderView = OrderView & { publicUrl: string; payment?: ShopperPayment };

/** The shopper's order page: unguessable, no account needed (decision 0026). */
export function orderPagePath(storeSlug: string, publicToken: string) {
  return `/s/${encodeURIComponent(storeSlug)}/order/${encodeURIComponent(publicToken)}`;
}

/** Checkout (spec 5). The client sends ids and quantities only; prices come from the database (D6). */
export { MAX_LINES_PER_ORDER, MAX_QTY_PER_LINE } from "./order-limits";

const phoneText = z
  .string("errors.phoneRequired")
  .trim()
  .min(8, "errors.phoneRequired")
  .max(40, "errors.phoneInvalid");

export const checkoutFormSchema = z.object({
  shipToName: z
    .string("errors.nameRequired")
    .trim()
    .min(2, "errors.nameRequired")
    .max(120, "errors.nameRequired"),
  buyerEmail: z
    .string("errors.validEmailRequired")
    .trim()
    .toLowerCase()
    .email("errors.validEmailRequired")
    .max(254, "errors.validEmailRequired"),
  shipToPhone: phoneText.refine((phone) => toE164(phone) !== undefined, "errors.phoneInvalid"),
  address: z.string().trim().max(500, "errors.textTooLong").optional(),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/** Spec 9: an order is shown by the first 8 characters of its id (lists, dialogs, SMS). */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

export const placeOrderSchema = z.object({
  storeId: z.string("errors.cannotPlaceOrder").uuid("errors.cannotPlaceOrder"),
  buyerEmail: checkoutFormSchema.shape.buyerEmail,
  shipToName: checkoutFormSchema.shape.shipToName,
  /** Parsed once, here: the order and its SMS use the E.164 form. */
  shipToPhone: phoneText.transform((phone, context) => {
    const e164 = toE164(phone);
    if (e164) return e164;
    context.addIssue({ code: "custom", message: "errors.phoneInvalid" });
    return z.NEVER;
  }),
  shipToAddr: z
    .object({
      address: z.string().trim().max(500, "errors.textTooLong").optional(),
      street: z.string().trim().max(200, "errors.textTooLong").optional(),
      city: z.string().trim().max(100, "errors.textTooLong").optional(),
      post: z.string().trim().max(20, "errors.textTooLong").optional(),
      country: z.string().trim().max(60, "errors.textTooLong").optional(),
    })
    .nullable()
    .optional(),
  items: z
    .array(
      z.object({
        productId: z.string("errors.productUnavailable").uuid("errors.productUnavailable"),
        variantId: z.string().uuid("errors.productUnavailable").nullable().optional(),
        // A JSON number that is an integer: no "2", "0x10", "1e1" or true turned into one.
        qty: z
          .number("errors.quantityInvalid")
          .int("errors.quantityInvalid")
          .min(1, "errors.quantityInvalid")
          .max(MAX_QTY_PER_LINE, "errors.quantityTooLarge"),
      }),
      "errors.cannotPlaceOrder",
    )
    .min(1, "errors.cannotPlaceOrder")
    .max(MAX_LINES_PER_ORDER, "errors.tooManyLines"),
  /** Pay online through this channel of the store (decision 0034); without it the seller collects by hand. */
  paymentProvider: z.enum(PAYMENT_PROVIDERS, "errors.providerInvalid").optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** A shopper whose details a seller erases from their store's orders, named by the e-mail they ordered with. */
export const eraseShopperSchema = z.object({ email: checkoutFormSchema.shape.buyerEmail });
export type EraseShopperInput = z.infer<typeof eraseShopperSchema>;

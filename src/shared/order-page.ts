import { orderDeliverySchema } from "./delivery";
import { ORDER_STATUSES } from "./order";
import { orderShippingSchema, shipmentViewSchema } from "./shipping";
import { vatLineSchema } from "./vat";
import { z } from "./zod";

/** Days the shopper has to withdraw (angrerettloven § 21), counted as decision 0037 says. */
export const WITHDRAWAL_DAYS = 14;

/**
 * The shopper's own order, read with the secret in their order page address (decision 0026):
 * `GET /api/orders/by-token/{token}`. It carries what the shopper needs and nothing about the seller's
 * members or accounts; not the buyer's phone or e-mail either (a forwarded link shows no more than the
 * parcel label would).
 */
export const publicOrderSchema = z.object({
  id: z.string(),
  /** The first 8 characters of the id: the order number the shopper and seller both see (docs/product-spec.md 9). */
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  placedAt: z.string(),
  totalGross: z.string(),
  currencyCode: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      variantLabel: z.string().nullable(),
      unitPrice: z.string(),
      qty: z.number(),
      /** A gift card bought (issue 29): who it is for, without the recipient's e-mail; null on a product. */
      giftCard: z.object({ recipientName: z.string().optional() }).nullable(),
    }),
  ),
  /**
   * Price rules (decision 0076), in kroner with two decimals: totalGross is what is left to pay after
   * them (the lines, minus discountTotal, plus the delivery, minus giftCardTotal paid by gift card).
   */
  discountCode: z.string().nullable(),
  discountTotal: z.string(),
  giftCardTotal: z.string(),
  shipToName: z.string(),
  shipToAddr: z.record(z.string(), z.string()).nullable(),
  /** The delivery chosen, priced as when ordered (decision 0036); null for an order without one. */
  delivery: orderDeliverySchema
    .extend({
      /** The option's note as the seller keeps it now (where and when to pick up); null once removed. */
      note: z.string().nullable(),
    })
    .nullable(),
  /** MVA included in totalGross, per rate; empty when the seller is not VAT registered. */
  vat: z.array(vatLineSchema),
  /** The parcel's tracking number, once the seller has added it. */
  trackingNumber: z.string().nullable(),
  /**
   * The carrier's service chosen at checkout (decision 0079; its name is `delivery.name`), with the
   * pick-up point's opening hours when the checkout kept them; null for a flat option or none.
   */
  shipping: orderShippingSchema
    .extend({
      pickupPoint: orderShippingSchema.shape.pickupPoint
        .unwrap()
        .extend({ openingHours: z.string().nullable() })
        .nullable(),
    })
    .nullable(),
  /** The parcel booked with the carrier and what its tracking last said, without the label; null: none. */
  shipment: shipmentViewSchema.omit({ labelUrl: true }).nullable(),
  store: z.object({
    name: z.string(),
    slug: z.string(),
    /** The store's language: the page's and the e-mails' unless the shopper chose another. */
    locale: z.string(),
    /** The seller's contact: the store's phone, when it has one. */
    phone: z.string().nullable(),
    /** The seller's e-mail (ehandelsloven § 8): the confirmed contact address, else the owner's (0066). */
    contactEmail: z.string(),
    /** The seller's legal identity for the receipt (decision 0036), each null until the seller sets it. */
    legalName: z.string().nullable(),
    orgNumber: z.string().nullable(),
    address: z.string().nullable(),
    vatRegistered: z.boolean(),
  }),
  withdrawal: z.object({
    /** When the shopper withdrew, or null. */
    withdrawnAt: z.string().nullable(),
    /**
     * When the seller first marked the order fulfilled: the delivery the period runs from. null until then,
     * when the page says the period is 14 days from the day the goods arrive rather than a date (decision 0068).
     */
    deliveredAt: z.string().nullable(),
    /** The last moment a withdrawal is accepted: 14 days from delivery (fulfilment), else from the order. */
    deadline: z.string(),
    /** Whether the button is offered: not withdrawn, not cancelled, and before the deadline. */
    open: z.boolean(),
  }),
});
export type PublicOrder = z.infer<typeof publicOrderSchema>;

/** An order page token: 64 hex characters (decision 0026). Anything else is not an order. */
export const ORDER_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

import { placeOrderSchema } from "./order";
import { singleLineText } from "./text";
import { z } from "./zod";

/**
 * The checkout's questions to the carrier (decision 0079): which services, at what price, reach this
 * postcode for this cart, and which pick-up points are near it. Shapes of the answers are shipping.ts's.
 */
export const shippingPostalCodeField = () =>
  singleLineText("errors.shippingNeedsPostcode").regex(/^\d{4}$/, "errors.postcodeInvalid");

/** Torg ships within Norway today; the parameter is there so the API need not change for more. */
export const shippingCountryField = () => z.enum(["NO"], "errors.postcodeInvalid").default("NO");

/** POST /api/stores/{id}/shipping-options: the cart as an order lists it, and where it goes. */
export const shippingOptionsQuestionSchema = z.object({
  postalCode: shippingPostalCodeField(),
  country: shippingCountryField(),
  items: placeOrderSchema.shape.items,
});
export type ShippingOptionsQuestion = z.infer<typeof shippingOptionsQuestionSchema>;

/** GET /api/stores/{id}/shipping-options: the same, the cart as JSON text in `items`. */
export const shippingOptionsQuerySchema = z.object({
  postalCode: shippingPostalCodeField(),
  country: shippingCountryField(),
  items: z
    .string("errors.shippingCartInvalid")
    .max(20_000, "errors.shippingCartInvalid")
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: "custom", message: "errors.shippingCartInvalid" });
        return z.NEVER;
      }
    })
    .pipe(placeOrderSchema.shape.items),
});

/** GET /api/stores/{id}/pickup-points. */
export const pickupPointsQuerySchema = z.object({
  postalCode: shippingPostalCodeField(),
  country: shippingCountryField(),
});

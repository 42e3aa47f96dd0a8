import { translateShared } from "../../../shared/i18n";
import { fromOre, toOre } from "../../../shared/money";
import type { OrderLineInput } from "../../../shared/order";
import type { Language } from "../../../shared/preferences";
import { isPickupService, type ShippingChoice, serviceTakesWeight } from "../../../shared/shipping";
import { CarrierError } from "../../adapters/carriers";
import { badRequest, HttpError } from "../../lib/http-error";
import { cachedPickupPoints } from "./carrier-answers";
import { readCartParcel } from "./cart-parcel";
import {
  type CarrierDelivery,
  carrierPricesOrNull,
  connectedCarrier,
  type ShippingDeps,
} from "./shipping-options";

/** An order's carrier service, as the body named it, and where it goes. */
export interface CarrierDeliveryQuestion {
  storeId: string;
  items: readonly OrderLineInput[];
  choice: ShippingChoice;
  /**
   * The shopper's postcode: the order's `shipToAddr.post` (a quote's `postalCode`), for either kind of
   * service. The checkout asks it first, prices by it and lists the pick-up points near it; a pick-up
   * order keeps it as its address, with the point.
   */
  postalCode: string | undefined;
  language: Language;
  /** A quote prices the service without a point chosen yet; an order needs one for a pick-up service. */
  stage: "order" | "quote";
}

const priceUnavailable = () => new HttpError(503, "shippingPriceUnavailable");

/**
 * Prices an order's carrier service on the server (decision 0079), before the batch: never from the
 * browser, whose body names the service and the point only. The price is the seller's own for the
 * service, else the carrier's for the cart's parcel (normally the answer the shopper was shown, kept in
 * memory); a pick-up point must be one the carrier lists near the postcode. Refused: a service the
 * store does not offer (400), a pick-up service without a listed point (400), the carrier's price when
 * the carrier does not answer and nothing is kept (503: the checkout then offers the flat options).
 */
export async function priceCarrierDelivery(
  deps: ShippingDeps,
  question: CarrierDeliveryQuestion,
): Promise<CarrierDelivery> {
  const storeCarrier = await connectedCarrier(deps.db, question.storeId).catch((error: unknown) => {
    throw error instanceof HttpError ? badRequest("shippingServiceNotOffered") : error;
  });
  const offered = storeCarrier.services.find((service) => service.code === question.choice.service);
  if (!offered) throw badRequest("shippingServiceNotOffered");
  const { postalCode } = question;
  if (!postalCode || !/^\d{4}$/.test(postalCode)) throw badRequest("shippingNeedsPostcode");
  const carrier = deps.carriers[storeCarrier.provider];
  const pickup = isPickupService(offered.code);

  let pickupPoint: CarrierDelivery["pickupPoint"] = null;
  if (pickup && question.stage === "order") {
    const id = question.choice.pickupPointId;
    if (!id) throw badRequest("pickupPointRequired");
    const listed = await cachedPickupPoints(
      deps.carriers,
      carrier,
      storeCarrier.account,
      "NO",
      postalCode,
    ).catch((error: unknown) => {
      throw error instanceof CarrierError ? priceUnavailable() : error;
    });
    const point = listed.find((candidate) => candidate.id === id);
    if (!point) throw badRequest("pickupPointUnknown");
    pickupPoint = {
      id: point.id,
      name: point.name,
      address: point.address,
      postalCode: point.postalCode,
      city: point.city,
      openingHours: point.openingHours,
    };
  }

  const cart = await readCartParcel(
    deps.db,
    question.storeId,
    question.items,
    storeCarrier.defaultWeightGrams,
  );
  // A mailbox parcel takes at most 5 kg: the options did not list it for a heavier cart.
  if (!serviceTakesWeight(offered.code, cart.parcel.weightGrams))
    throw badRequest("shippingServiceNotOffered");
  const answered = await carrierPricesOrNull(deps, storeCarrier, cart, {
    postalCode,
    country: "NO",
    language: question.language,
  });
  const carriers = answered?.find((price) => price.service === offered.code);
  const price = offered.price ?? carriers?.price ?? null;
  if (price === null) throw priceUnavailable();
  return {
    carrier: storeCarrier.provider,
    service: offered.code,
    name: translateShared(question.language, `shipping.service.${offered.code}`),
    price: fromOre(toOre(price)),
    freeAbove: storeCarrier.freeAbove,
    priceSource: offered.price !== null ? "seller" : "bring",
    pickupPoint,
    expectedDelivery: carriers?.expectedDelivery ?? null,
  };
}

import { deliveryIsFree } from "../../../shared/delivery";
import { translateShared } from "../../../shared/i18n";
import { fromOre, toOre } from "../../../shared/money";
import type { OrderLineInput } from "../../../shared/order";
import type { Language } from "../../../shared/preferences";
import {
  type CarrierProvider,
  isPickupService,
  type OrderShipping,
  type PickupPoint,
  type ShippingOption,
  serviceTakesWeight,
} from "../../../shared/shipping";
import { CarrierError, type CarrierPrice, type Carriers } from "../../adapters/carriers";
import type { DbOrTx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { cachedPickupPoints, cachedPrices } from "./carrier-answers";
import { type CartParcel, readCartParcel } from "./cart-parcel";
import { readStoreCarrier, type StoreCarrier } from "./store-carrier";

/** What the shipping services need of the app: the database and the carriers this server reaches. */
export interface ShippingDeps {
  db: DbOrTx;
  carriers: Carriers;
}

/** A checkout's question: this store's services for this cart to this postcode. */
export interface ShippingQuestion {
  storeId: string;
  items: readonly OrderLineInput[];
  postalCode: string;
  country: string;
  language: Language;
}

/** The services on offer, and whether the carrier answered (false: the seller's own prices only). */
export interface ShippingAnswer {
  options: ShippingOption[];
  carrierAnswered: boolean;
}

/** The store's carrier account, or a 404 the checkout reads as "no carrier here". */
export async function connectedCarrier(db: DbOrTx, storeId: string): Promise<StoreCarrier> {
  const storeCarrier = await readStoreCarrier(db, storeId);
  if (!storeCarrier) throw new HttpError(404, "carrierNotConnected");
  return storeCarrier;
}

/** Bring's texts in Norwegian for a Norwegian shopper; English for the others. */
const carrierLanguage = (language: Language) => (language === "nb" ? "no" : "en");

/**
 * The carrier's prices for the cart, or null when it did not answer in time, is off on this server or
 * refused (the shopper gets the seller's prices and flat options). The shipping options and the order's
 * re-pricing ask the same question, so the order finds the answer the shopper was shown.
 */
export async function carrierPricesOrNull(
  deps: ShippingDeps,
  storeCarrier: StoreCarrier,
  cart: CartParcel,
  question: Pick<ShippingQuestion, "postalCode" | "country" | "language">,
): Promise<CarrierPrice[] | null> {
  try {
    return await cachedPrices(deps.carriers, deps.carriers[storeCarrier.provider], {
      account: storeCarrier.account,
      fromPostalCode: storeCarrier.sender.postalCode,
      fromCountry: "NO",
      toPostalCode: question.postalCode,
      toCountry: question.country,
      parcels: [cart.parcel],
      services: storeCarrier.services.map((service) => service.code),
      language: carrierLanguage(question.language),
    });
  } catch (error) {
    if (error instanceof CarrierError) return null;
    throw error;
  }
}

/** One offered service, priced: the seller's own price, else the carrier's; undefined when neither. */
function offeredService(
  service: StoreCarrier["services"][number],
  answered: CarrierPrice[] | null,
): Omit<ShippingOption, "name"> | undefined {
  const carriers = answered?.find((price) => price.service === service.code);
  const price = service.price ?? carriers?.price ?? null;
  if (price === null) return undefined;
  return {
    service: service.code,
    price: fromOre(toOre(price)),
    expectedDelivery: carriers?.expectedDelivery ?? null,
    pickup: isPickupService(service.code),
    source: service.price !== null ? "seller" : "bring",
  };
}

/**
 * The store's carrier services for a cart and a postcode (decision 0079), in the seller's order: each at
 * the seller's own price or the carrier's for the cart's parcel, with the expected delivery the carrier
 * gave, free when the lines reach the store's free-above. The carrier is asked once per question within
 * CARRIER_ANSWER_TTL_MS and waited for CHECKOUT_CARRIER_TIMEOUT_MS at most; without its answer only the
 * seller-priced services are listed and `carrierAnswered` is false.
 */
export async function shippingOptions(
  deps: ShippingDeps,
  question: ShippingQuestion,
): Promise<ShippingAnswer> {
  const storeCarrier = await connectedCarrier(deps.db, question.storeId);
  const cart = await readCartParcel(
    deps.db,
    question.storeId,
    question.items,
    storeCarrier.defaultWeightGrams,
  );
  if (cart.empty) return { options: [], carrierAnswered: true };
  const answered = await carrierPricesOrNull(deps, storeCarrier, cart, question);
  const free = deliveryIsFree(
    storeCarrier.freeAbove === null ? null : toOre(storeCarrier.freeAbove),
    cart.linesOre,
  );
  const options = storeCarrier.services.flatMap((service): ShippingOption[] => {
    // A mailbox parcel takes at most 5 kg: a heavier cart is not offered it.
    if (!serviceTakesWeight(service.code, cart.parcel.weightGrams)) return [];
    const offered = offeredService(service, answered);
    if (!offered) return [];
    const name = translateShared(question.language, `shipping.service.${service.code}`);
    return [{ ...offered, name, price: free ? "0.00" : offered.price }];
  });
  return { options, carrierAnswered: answered !== null };
}

/** The nearest pick-up points to a postcode (a 503 when the carrier does not answer in time). */
export async function pickupPoints(
  deps: ShippingDeps,
  question: { storeId: string; postalCode: string; country: string },
): Promise<PickupPoint[]> {
  const storeCarrier = await connectedCarrier(deps.db, question.storeId);
  try {
    return await cachedPickupPoints(
      deps.carriers,
      deps.carriers[storeCarrier.provider],
      storeCarrier.account,
      question.country,
      question.postalCode,
    );
  } catch (error) {
    if (error instanceof CarrierError) throw new HttpError(503, "carrierUnavailable");
    throw error;
  }
}

/** The carrier's delivery as the checkout prices it (price.ts), decided before the batch. */
export interface CarrierDelivery {
  carrier: CarrierProvider;
  service: string;
  /** The service's name in the shopper's language, kept on the order as its delivery's name. */
  name: string;
  /** Before free delivery: the checkout applies `freeAbove` and a free-delivery code as to a flat option. */
  price: string;
  freeAbove: string | null;
  priceSource: "bring" | "seller";
  /** A pick-up service's point, as the carrier listed it; null for a parcel to the address. */
  pickupPoint: OrderShipping["pickupPoint"];
  expectedDelivery: string | null;
}

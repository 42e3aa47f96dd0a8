import {
  type Carrier,
  type CarrierAccount,
  CarrierError,
  type CarrierPickupPoint,
  type CarrierPrice,
  type Carriers,
  type PriceQuery,
} from "../../adapters/carriers";

/**
 * How long a checkout waits for the carrier (decision 0079): a shopper typing a postcode should see
 * options at once, so a slow carrier costs this wait once and then the store's own options.
 */
export const CHECKOUT_CARRIER_TIMEOUT_MS = 2_500;
/**
 * How long an answer is kept: long enough that the order placed a few minutes after the shopper saw
 * the price is priced from the same answer (no second call, no other price), short enough that a
 * changed price list reaches the next shopper soon.
 */
export const CARRIER_ANSWER_TTL_MS = 10 * 60_000;
/** Pick-up points move rarely; a shopper choosing one and then ordering must find it still listed. */
export const PICKUP_POINTS_TTL_MS = 30 * 60_000;
/** A bound on memory: the oldest answers make room (a busy server asks again, nothing breaks). */
const MAX_ANSWERS = 5_000;
/** The nearest points listed at checkout. */
export const PICKUP_POINTS_LISTED = 10;

/** Answers by their whole question, for a while; the oldest go first when full. */
class AnswerCache<T> {
  private readonly entries = new Map<string, { until: number; value: T }>();
  constructor(private readonly ttlMs: number) {}

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T, now = Date.now()) {
    this.entries.delete(key);
    this.entries.set(key, { until: now + this.ttlMs, value });
    if (this.entries.size > MAX_ANSWERS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

interface CarrierCaches {
  prices: AnswerCache<CarrierPrice[]>;
  pickupPoints: AnswerCache<CarrierPickupPoint[]>;
}

/** One cache per app's carriers (as batcherOf keeps one batcher per database): tests never share answers. */
const cachesByCarriers = new WeakMap<Carriers, CarrierCaches>();

function cachesOf(carriers: Carriers): CarrierCaches {
  let caches = cachesByCarriers.get(carriers);
  if (!caches) {
    caches = {
      prices: new AnswerCache(CARRIER_ANSWER_TTL_MS),
      pickupPoints: new AnswerCache(PICKUP_POINTS_TTL_MS),
    };
    cachesByCarriers.set(carriers, caches);
  }
  return caches;
}

/**
 * The call, or a CarrierError("unavailable") after the checkout's wait: the adapter is told the same
 * limit, and the timer here holds whatever the adapter does with it.
 */
async function withinCheckoutWait<T>(call: (timeoutMs: number) => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CarrierError("unavailable")), CHECKOUT_CARRIER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([call(CHECKOUT_CARRIER_TIMEOUT_MS), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whose answer it is: prices are the account's own (its agreement with the carrier). */
const accountKey = (provider: string, account: CarrierAccount) =>
  `${provider}:${account.apiUid}:${account.customerNumber}`;

/**
 * The carrier's prices for a question, from the cache when it was asked within CARRIER_ANSWER_TTL_MS;
 * throws a CarrierError when the carrier is off here, does not answer in time, or refuses.
 */
export async function cachedPrices(
  carriers: Carriers,
  carrier: Carrier | undefined,
  query: Omit<PriceQuery, "shippingDate">,
): Promise<CarrierPrice[]> {
  if (!carrier) throw new CarrierError("unavailable");
  const { prices } = cachesOf(carriers);
  // The whole question: the account, both postcodes, the parcels, the services and the language.
  const key = JSON.stringify([
    accountKey(carrier.provider, query.account),
    query.fromCountry,
    query.fromPostalCode,
    query.toCountry,
    query.toPostalCode,
    query.parcels,
    [...query.services].sort(),
    query.language ?? "",
  ]);
  const cached = prices.get(key);
  if (cached) return cached;
  const answer = await withinCheckoutWait((timeoutMs) => carrier.prices(query, { timeoutMs }));
  prices.set(key, answer);
  return answer;
}

/** The nearest pick-up points to a postcode, nearest first, kept PICKUP_POINTS_TTL_MS. */
export async function cachedPickupPoints(
  carriers: Carriers,
  carrier: Carrier | undefined,
  account: CarrierAccount,
  country: string,
  postalCode: string,
): Promise<CarrierPickupPoint[]> {
  if (!carrier) throw new CarrierError("unavailable");
  const { pickupPoints } = cachesOf(carriers);
  const key = JSON.stringify([carrier.provider, country, postalCode]);
  const cached = pickupPoints.get(key);
  if (cached) return cached;
  const answer = await withinCheckoutWait((timeoutMs) =>
    carrier.pickupPoints({ account, country, postalCode, limit: PICKUP_POINTS_LISTED }, { timeoutMs }),
  );
  pickupPoints.set(key, answer);
  return answer;
}

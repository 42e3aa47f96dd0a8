import type { CarrierProvider, TrackingEvent, TrackingState } from "../../../shared/shipping";

/**
 * A carrier as Torg uses it (decision 0079): price a parcel, find pick-up points, book a parcel and fetch
 * its label, read its tracking. The shapes are Torg's, not one carrier's: Bring's adapter (bring.ts)
 * maps them to Bring's documented APIs; PostNord or Helthjem would map the same shapes to theirs.
 */
export interface Carrier {
  readonly provider: CarrierProvider;
  /** A read that proves the account's credentials: resolves, or throws a CarrierError (`unauthorized`). */
  checkAccount(account: CarrierAccount, options?: CallOptions): Promise<void>;
  /** Prices and expected delivery of `services` for the parcels between two postcodes. */
  prices(request: PriceQuery, options?: CallOptions): Promise<CarrierPrice[]>;
  /** The nearest pick-up points to a postcode, nearest first. */
  pickupPoints(request: PickupPointQuery, options?: CallOptions): Promise<CarrierPickupPoint[]>;
  /** Books one consignment; the label is fetched with `label`. */
  book(request: BookingRequest, options?: CallOptions): Promise<Booking>;
  /** The label PDF a booking's `labelUrl` points at. */
  label(account: CarrierAccount, labelUrl: string, options?: CallOptions): Promise<Buffer>;
  /** What the carrier's tracking says of each number (numbers it does not know are left out). */
  track(account: CarrierAccount, trackingNumbers: string[], options?: CallOptions): Promise<TrackingResult[]>;
}

/** The seller's own account at the carrier (Bring: Mybring user, API key, customer number). */
export interface CarrierAccount {
  apiUid: string;
  apiKey: string;
  customerNumber: string;
}

export interface CallOptions {
  /** Give up after this long (a checkout waits little; a booking longer); the adapter's default otherwise. */
  timeoutMs?: number;
}

export interface Parcel {
  weightGrams: number;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
}

export interface PriceQuery {
  account: CarrierAccount;
  fromPostalCode: string;
  toPostalCode: string;
  /** ISO 3166 alpha-2; Torg ships within Norway today. */
  fromCountry: string;
  toCountry: string;
  parcels: Parcel[];
  /** The carrier's service codes (Bring: product ids such as "5800"). */
  services: string[];
  /** The day the parcel is handed in; the carrier's expected delivery counts from it. */
  shippingDate?: Date;
  /** The language of the carrier's own texts ("no" or "en" for Bring). */
  language?: "no" | "en";
}

/** One service's answer; a service the carrier cannot do for this route is left out. */
export interface CarrierPrice {
  service: string;
  /** The carrier's display name of the service, in the language asked. */
  name: string;
  /** The price for the account, VAT included, in kroner with two decimals; null when it gave none. */
  price: string | null;
  /** YYYY-MM-DD; null when the carrier did not say. */
  expectedDelivery: string | null;
}

export interface PickupPointQuery {
  account: CarrierAccount;
  country: string;
  postalCode: string;
  /** How many to list at most. */
  limit: number;
}

export interface CarrierPickupPoint {
  id: string;
  name: string;
  address: string;
  postalCode: string;
  city: string;
  /** The opening hours as the carrier words them, in one line per day group. */
  openingHours: string;
  distanceKm: number | null;
}

export interface PartyAddress {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

export interface BookingRequest {
  account: CarrierAccount;
  service: string;
  sender: PartyAddress & { email?: string | null; phone?: string | null };
  recipient: PartyAddress & { email?: string | null; phone?: string | null };
  /** A pick-up service's point. */
  pickupPointId?: string | null;
  parcels: Parcel[];
  /** Torg's reference printed on the label and used as the consignment's correlation id: the order's. */
  reference: string;
  shippingDate: Date;
  /** Book as a test (Bring's `testIndicator`): labels are made, nothing is sent. */
  test: boolean;
}

export interface Booking {
  trackingNumber: string;
  /** Where the shopper follows the parcel. */
  trackingUrl: string;
  /** Where the label PDF is fetched from (with the account's headers). */
  labelUrl: string;
}

export interface TrackingResult {
  trackingNumber: string;
  /** The newest event's state; `booked` when the carrier has no events yet. */
  state: TrackingState;
  /** Newest first. */
  events: TrackingEvent[];
}

export type CarrierErrorKind =
  /** The carrier did not answer in time, answered 5xx, or could not be reached. */
  | "unavailable"
  /** 429: too many requests; `retryAfterMs` says when to come back if the carrier said. */
  | "rate_limited"
  /** The credentials were refused (401/403). */
  | "unauthorized"
  /** The request was refused (4xx) with the carrier's own message. */
  | "refused";

/** Why a carrier call failed, with the carrier's own message when it gave one (shown to the seller). */
export class CarrierError extends Error {
  constructor(
    readonly kind: CarrierErrorKind,
    /** The carrier's own words, when it gave any. */
    readonly providerMessage: string | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(providerMessage ? `${kind}: ${providerMessage}` : kind);
    this.name = "CarrierError";
  }
}

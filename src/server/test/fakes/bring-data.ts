/**
 * What the local Bring fake answers with (decision 0079): prices by service and weight band, expected
 * delivery in working days, and pick-up points for any Norwegian postcode. Deterministic, so a test or a
 * journey can expect "79.00" and a point id that is still there when the order re-checks it.
 */

/** Kroner incl. VAT per parcel, by weight band (grams, inclusive upper limit); null: not this service. */
const PRICE_BANDS: Record<string, { upTo: number; price: number }[]> = {
  // Pakke til hentested (Pickup parcel): up to 35 kg.
  "5800": [
    { upTo: 1_000, price: 79 },
    { upTo: 5_000, price: 99 },
    { upTo: 10_000, price: 149 },
    { upTo: 20_000, price: 199 },
    { upTo: 35_000, price: 299 },
  ],
  // Pakke i postkassen (Mailbox parcel): up to 5 kg.
  "3584": [
    { upTo: 350, price: 49 },
    { upTo: 1_000, price: 69 },
    { upTo: 5_000, price: 89 },
  ],
  // Pakke levert hjem (Home delivery parcel): up to 35 kg.
  "5600": [
    { upTo: 1_000, price: 129 },
    { upTo: 5_000, price: 149 },
    { upTo: 10_000, price: 199 },
    { upTo: 20_000, price: 249 },
    { upTo: 35_000, price: 349 },
  ],
};

export const FAKE_SERVICE_NAMES: Record<string, { no: string; en: string; pickup: boolean }> = {
  "5800": { no: "Pakke til hentested", en: "Pickup parcel", pickup: true },
  "3584": { no: "Pakke i postkassen", en: "Mailbox parcel", pickup: false },
  "5600": { no: "Pakke levert hjem", en: "Home delivery parcel", pickup: false },
};

export const isFakeService = (id: string) => id in PRICE_BANDS;
export const maxGramsFor = (id: string) => PRICE_BANDS[id]?.at(-1)?.upTo ?? 0;

/** One parcel's price incl. VAT in kroner, or null when the service does not take it. */
export function parcelPrice(service: string, grams: number): number | null {
  const band = PRICE_BANDS[service]?.find((entry) => grams <= entry.upTo);
  return band ? band.price : null;
}

/** Bring's amounts ("938.70") with the VAT (25 %) split out as its `price` objects carry it. */
export function amounts(totalWithVat: number) {
  const withoutVat = Math.round((totalWithVat / 1.25) * 100) / 100;
  return {
    amountWithoutVAT: withoutVat.toFixed(2),
    vat: (totalWithVat - withoutVat).toFixed(2),
    amountWithVAT: totalWithVat.toFixed(2),
  };
}

/** The day after `days` working days (Monday to Friday) from `from`, as { year, month, day } strings. */
export function workingDaysAfter(from: Date, days: number) {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return {
    year: String(date.getUTCFullYear()),
    month: String(date.getUTCMonth() + 1),
    day: String(date.getUTCDate()),
  };
}

/** A day or two: the same region (first digit of the postcode) next working day, else two; mail a day more. */
export function leadTimeDays(service: string, from: string, to: string) {
  const base = from.slice(0, 1) === to.slice(0, 1) ? 1 : 2;
  return service === "3584" ? base + 1 : base;
}

export interface FakePickupPoint {
  id: string;
  name: string;
  address: string;
  postalCode: string;
  city: string;
  countryCode: string;
  visitingAddress: string;
  visitingPostalCode: string;
  visitingCity: string;
  openingHoursNorwegian: string;
  openingHoursEnglish: string;
  distanceInKm: string;
  /** "PickupPointType" (Pickup Point API): 4 Post i Butikk, 21 Postkontor, 37 Pakkeboks. */
  type: string;
  latitude: number;
  longitude: number;
}

const HOURS = {
  shop: ["Man - Fre: 0700-2300, Lør: 0800-2200", "Mon - Fri: 0700-2300, Sat: 0800-2200"],
  office: ["Man - Fre: 0900-1800, Lør: 1000-1500", "Mon - Fri: 0900-1800, Sat: 1000-1500"],
  locker: ["Man - Søn: 0000-2400", "Mon - Sun: 0000-2400"],
} as const;

/** Real-sounding points around Oslo S for the postcode the journeys and the docs use. */
const OSLO_0155: [string, string, string, string, keyof typeof HOURS, string][] = [
  ["Coop Mega Storgata", "Storgata 14", "0155", "0.3", "shop", "4"],
  ["Posten Oslo sentrum", "Dronningens gate 15", "0152", "0.5", "office", "21"],
  ["Pakkeboks Jernbanetorget", "Jernbanetorget 1", "0154", "0.6", "locker", "37"],
  ["Kiwi Grønland", "Grønlandsleiret 5", "0190", "1.1", "shop", "4"],
  ["Rema 1000 Grünerløkka", "Thorvald Meyers gate 40", "0555", "1.8", "shop", "4"],
];

/** The region's town by the postcode's first two digits (a rough map of Norway). */
function townFor(postalCode: string): string {
  const prefix = Number(postalCode.slice(0, 2));
  const towns: [number, string][] = [
    [12, "OSLO"],
    [15, "LILLESTRØM"],
    [18, "MOSS"],
    [20, "FREDRIKSTAD"],
    [25, "HAMAR"],
    [30, "LILLEHAMMER"],
    [34, "DRAMMEN"],
    [39, "TØNSBERG"],
    [44, "KRISTIANSAND"],
    [49, "STAVANGER"],
    [59, "BERGEN"],
    [65, "ÅLESUND"],
    [69, "MOLDE"],
    [79, "TRONDHEIM"],
    [89, "BODØ"],
    [99, "TROMSØ"],
  ];
  return towns.find(([upTo]) => prefix <= upTo)?.[1] ?? "OSLO";
}

const capitalised = (town: string) =>
  town
    .toLowerCase()
    .split(" ")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");

/**
 * The points nearest `postalCode`, nearest first. Ids are "1" + the postcode + the point's place, so
 * they stay the same for the postcode and a booking's `pickupPoint.id` can be checked against them.
 */
export function pickupPointsFor(postalCode: string): FakePickupPoint[] {
  const town = townFor(postalCode);
  const name = capitalised(town);
  const rows: [string, string, string, string, keyof typeof HOURS, string][] =
    postalCode === "0155"
      ? OSLO_0155
      : [
          [`Coop Extra ${name}`, "Storgata 1", postalCode, "0.4", "shop", "4"],
          [`Posten ${name} sentrum`, "Kirkegata 10", postalCode, "0.9", "office", "21"],
          [`Pakkeboks Kiwi ${name}`, "Jernbanegata 3", postalCode, "1.3", "locker", "37"],
          [`Rema 1000 ${name}`, "Industriveien 7", postalCode, "2.2", "shop", "4"],
          [`Joker ${name}`, "Bygdeveien 21", postalCode, "3.5", "shop", "4"],
        ];
  const seed = Number(postalCode);
  return rows.map(([pointName, street, code, distance, hours, type], index) => ({
    id: `1${postalCode}${index + 1}`,
    name: pointName,
    address: street,
    postalCode: code,
    city: townFor(code),
    countryCode: "NO",
    visitingAddress: street,
    visitingPostalCode: code,
    visitingCity: townFor(code),
    openingHoursNorwegian: HOURS[hours][0],
    openingHoursEnglish: HOURS[hours][1],
    distanceInKm: distance,
    type,
    latitude: Math.round((58 + (seed % 1000) / 100 + index / 1000) * 1e6) / 1e6,
    longitude: Math.round((5 + (seed % 2000) / 100 + index / 1000) * 1e6) / 1e6,
  }));
}

/** A point by the id pickupPointsFor gives it. */
export function pickupPointById(id: string): FakePickupPoint | null {
  const match = /^1(\d{4})(\d)$/.exec(id);
  if (!match) return null;
  return pickupPointsFor(match[1] as string).find((point) => point.id === id) ?? null;
}

import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  amounts,
  FAKE_SERVICE_NAMES,
  leadTimeDays,
  parcelPrice,
  pickupPointById,
  pickupPointsFor,
  workingDaysAfter,
} from "./bring-data";

/**
 * The Bring fake's checkout APIs: the Shipping Guide API v2 and the Pickup Point API, answering in the
 * shapes of the documented examples ("Calling Shipping Guide API"; the Pickup Point API's `pickupPoint[]`).
 */
interface Deps {
  authorize: (request: FastifyRequest, reply: FastifyReply) => { customerNumber: string } | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value).trim() : "";

export function registerCheckoutRoutes(app: FastifyInstance, deps: Deps) {
  app.post("/shippingguide/api/v2/products", async (request, reply) => {
    const account = deps.authorize(request, reply);
    if (!account) return reply;
    const body = isObject(request.body) ? request.body : {};
    const consignments = Array.isArray(body.consignments) ? body.consignments.filter(isObject) : [];
    // A request Bring cannot read is a 400 with its `fieldErrors` (as Bring's own WooCommerce plugin reads
    // them); the documentation words no list of codes, so the fake's are its own.
    const fieldErrors: { field: string; code: string; message: string }[] = [];
    if (consignments.length === 0) {
      fieldErrors.push({
        field: "consignments",
        code: "REQUIRED",
        message: "At least one consignment is required",
      });
    }
    for (const [index, consignment] of consignments.entries()) {
      for (const field of ["fromPostalCode", "toPostalCode"] as const) {
        const value = text(consignment[field]);
        const country =
          text(consignment[field === "fromPostalCode" ? "fromCountryCode" : "toCountryCode"]) || "NO";
        if (!value || (country === "NO" && !/^\d{4}$/.test(value))) {
          fieldErrors.push({
            field: `consignments[${index}].${field}`,
            code: "INVALID_POSTAL_CODE",
            message: `${field} ${value || "(missing)"} is not a valid postal code`,
          });
        }
      }
      const packages = Array.isArray(consignment.packages) ? consignment.packages.filter(isObject) : [];
      // "Either Volume or Weight or Dimensions must be present in the request."
      if (
        packages.length === 0 ||
        packages.some((pkg) => !(Number(pkg.grossWeight) > 0) && !(Number(pkg.length) > 0))
      ) {
        fieldErrors.push({
          field: `consignments[${index}].packages`,
          code: "INVALID_PACKAGE",
          message: "Either volume, weight or dimensions must be present for each package",
        });
      }
    }
    if (fieldErrors.length > 0) return reply.status(400).send({ fieldErrors, uniqueId: randomUUID() });

    const language = text(body.language).toLowerCase() === "en" ? "en" : "no";
    const withPrice = body.withPrice !== false;
    const withExpectedDelivery = body.withExpectedDelivery !== false;
    const withGui = body.withGuiInformation !== false;
    return {
      traceMessages: [],
      consignments: consignments.map((consignment) => {
        const from = text(consignment.fromPostalCode);
        const to = text(consignment.toPostalCode);
        const grams = (Array.isArray(consignment.packages) ? consignment.packages.filter(isObject) : []).map(
          (pkg) => Number(pkg.grossWeight) || 1000,
        );
        const date = isObject(consignment.shippingDate)
          ? new Date(
              Date.UTC(
                Number(consignment.shippingDate.year),
                Number(consignment.shippingDate.month) - 1,
                Number(consignment.shippingDate.day),
              ),
            )
          : new Date();
        const shippingDate = Number.isNaN(date.getTime()) ? new Date() : date;
        const products = (
          Array.isArray(consignment.products) ? consignment.products.filter(isObject) : []
        ).map((product) => {
          const id = text(product.id);
          const names = FAKE_SERVICE_NAMES[id];
          const prices = grams.map((g) => parcelPrice(id, g));
          if (!names || prices.some((price) => price === null)) {
            // "When we are not able to process one of the service requested, we will respond with a error
            // on service level" (Error and warning handling).
            return {
              id,
              errors: [
                {
                  code: "PRODUCT_NOT_AVAILABLE",
                  description: `Service ${id} is not available for this shipment`,
                },
              ],
            };
          }
          const total = prices.reduce<number>((sum, price) => sum + (price ?? 0), 0);
          const price = {
            priceWithoutAdditionalServices: amounts(total),
            priceWithAdditionalServices: amounts(total),
            currencyCode: "NOK",
          };
          // "Net price is only provided when a customer number is used": the account's own number.
          const customerNumber = text(product.customerNumber);
          const days = leadTimeDays(id, from, to);
          const expected = workingDaysAfter(shippingDate, days);
          return {
            id,
            ...(customerNumber ? { customerNumber } : {}),
            productionCode: id,
            ...(withGui
              ? {
                  guiInformation: {
                    sortOrder: String(Object.keys(FAKE_SERVICE_NAMES).indexOf(id)),
                    mainDisplayCategory: language === "en" ? "Parcel" : "Pakke",
                    subDisplayCategory: language === "en" ? "To private persons" : "Til privatpersoner",
                    trackable: true,
                    logo: "POSTEN",
                    displayName: names[language],
                    productName: names[language],
                    shortName: names[language],
                    deliveryType: names.pickup ? "Hentested" : "Hjem",
                    maxWeightInKgs: "35",
                  },
                }
              : {}),
            ...(withPrice
              ? {
                  price: {
                    listPrice: price,
                    ...(customerNumber && customerNumber === account.customerNumber
                      ? { netPrice: price }
                      : {}),
                  },
                }
              : {}),
            ...(withExpectedDelivery
              ? {
                  expectedDelivery: {
                    workingDays: String(days),
                    userMessage: "",
                    formattedExpectedDeliveryDate: `${expected.day.padStart(2, "0")}.${expected.month.padStart(2, "0")}.${expected.year}`,
                    expectedDeliveryDate: expected,
                    alternativeDeliveryDates: [],
                  },
                }
              : {}),
          };
        });
        return { ...(consignment.id !== undefined ? { id: consignment.id } : {}), products };
      }),
      uniqueId: randomUUID(),
    };
  });

  app.get<{ Params: { country: string; postalCode: string } }>(
    "/pickuppoint/api/pickuppoint/:country/postalCode/:postalCode",
    async (request, reply) => {
      if (!deps.authorize(request, reply)) return reply;
      const country = request.params.country.toUpperCase();
      const postalCode = request.params.postalCode.replace(/\.json$/, "");
      // The documentation words no error for a postcode it cannot place; the fake answers as for a
      // place without points: an empty list.
      if (country !== "NO" || !/^\d{4}$/.test(postalCode)) return { pickupPoint: [] };
      return { pickupPoint: pickupPointsFor(postalCode) };
    },
  );

  /** One point by id (`/api/pickuppoint/{countryCode}/id/{id}`), as Bring's own plugin re-reads a choice. */
  app.get<{ Params: { country: string; id: string } }>(
    "/pickuppoint/api/pickuppoint/:country/id/:id",
    async (request, reply) => {
      if (!deps.authorize(request, reply)) return reply;
      const point = pickupPointById(request.params.id.replace(/\.json$/, ""));
      return { pickupPoint: point ? [point] : [] };
    },
  );
}

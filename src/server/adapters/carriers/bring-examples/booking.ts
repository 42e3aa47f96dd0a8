/**
 * Bring's documented booking examples, as published in the developer.bring.com source
 * (github.com/bring/developer-site): the known-answer tests read them through the adapter. Each names
 * its source; JSON as published (trailing commas the published files had are dropped).
 */

/** Booking API request to a pick-up point. Source: https://github.com/bring/developer-site/blob/96bbf05de115431a3f81c1e6954c3986c6cf2e50%5E/content/api/booking/examples/selectPickupPoint_NO.json */
export const BOOKING_REQUEST_PICKUP_POINT = {
  schemaVersion: 1,
  consignments: [
    {
      shippingDateTime: 1447751818806,
      parties: {
        sender: {
          name: "Ola Nordmann",
          addressLine: "Testsvingen 12",
          addressLine2: null,
          postalCode: "0263",
          city: "OSLO",
          countryCode: "NO",
          reference: "1234",
          additionalAddressInfo: "Hentes på baksiden etter klokken to",
          contact: {
            name: "Trond Nordmann",
            email: "trond@nordmanntest.no",
            phoneNumber: "99999999",
          },
        },
        recipient: {
          name: "Tore Mottaker",
          addressLine: "Mottakerveien 14",
          addressLine2: "c/o Tina Mottaker",
          postalCode: "0659",
          city: "OSLO",
          countryCode: "NO",
          reference: "43242",
          additionalAddressInfo: "Bruk ringeklokken",
          contact: {
            name: "Tore mottaker",
            email: "tore@mottakertest.no",
            phoneNumber: "+46700000000",
          },
        },
        pickupPoint: {
          id: "736431",
          countryCode: "NO",
        },
      },
      product: {
        id: "SERVICEPAKKE",
        customerNumber: "**********",
        messageForRecipient: null,
      },
      purchaseOrder: null,
      correlationId: "INTERNAL-123456",
      packages: [
        {
          weightInKg: 1.1,
          goodsDescription: "Testing equipment",
          dimensions: {
            heightInCm: 13,
            widthInCm: 23,
            lengthInCm: 10,
          },
          containerId: null,
          packageType: null,
          numberOfItems: null,
          correlationId: "PACKAGE-123",
        },
      ],
    },
  ],
  testIndicator: true,
};

/** Booking API successful response. Source: https://github.com/bring/developer-site/blob/96bbf05de115431a3f81c1e6954c3986c6cf2e50%5E/content/api/booking/examples/successfulResponse.json */
export const BOOKING_RESPONSE_SUCCESS = {
  consignments: [
    {
      confirmation: {
        consignmentNumber: "70438101268018539",
        productSpecificData: null,
        links: {
          labels: "https://api.bring.com/labels/id/6d8c4323-87cd-47e8-aa0d-75f8f0b5b4cb.pdf",
          waybill: null,
          tracking: "https://sporing.bring.no/sporing.html?q=70438101268018539",
        },
        dateAndTimes: {
          earliestPickup: null,
          expectedDelivery: 1436295739676,
        },
        packages: [
          {
            packageNumber: "370438101268058536",
            correlationId: "PACKAGE-123",
          },
        ],
      },
      errors: null,
      correlationId: "INTERNAL-123456",
    },
  ],
};

/** Booking API "List customer numbers and services" response (its first two customers). Source: https://github.com/bring/developer-site/blob/96bbf05de115431a3f81c1e6954c3986c6cf2e50%5E/content/api/booking/examples/customers.json */
export const CUSTOMERS = {
  customers: [
    {
      name: "Demo Parcel Nordic Converted Customer (00000000006)",
      customerNumber: "6",
      countryCode: "NO",
      products: [
        "BUSINESS_HALFPALLET",
        "BUSINESS_PALLET",
        "BUSINESS_PARCEL",
        "BUSINESS_PARCEL_BULK",
        "BUSINESS_QUARTERPALLET",
        "EXPRESS_NORDIC_0900",
        "EXPRESS_NORDIC_0900_BULK",
        "HOME_DELIVERY_PARCEL",
        "PICKUP_PARCEL",
        "PICKUP_PARCEL_BULK",
      ],
    },
    {
      name: "Demo Parcel Nordic Converted Customer (000006)",
      customerNumber: "6",
      countryCode: "DK",
      products: [
        "BUSINESS_HALFPALLET",
        "BUSINESS_PALLET",
        "BUSINESS_PARCEL",
        "BUSINESS_PARCEL_BULK",
        "BUSINESS_QUARTERPALLET",
        "EXPRESS_NORDIC_0900",
        "EXPRESS_NORDIC_0900_BULK",
        "HOME_DELIVERY_PARCEL",
        "PICKUP_PARCEL",
        "PICKUP_PARCEL_BULK",
      ],
    },
  ],
};

/**
 * A booking refused: the documentation gives the error's fields (the Booking XSD's `ErrorResponseType`:
 * `uniqueId`, `code`, `messages/message[@lang]`, `consignmentCorrelationId`, `packageCorrelationId`) but
 * no JSON example; this JSON is the one a .NET client (Geta.Bring's Booking tests,
 * ResponseDeserializationTests.cs) deserialises, with the published code BOOK-INPUT-023 and its message.
 * Source of the fields: https://github.com/bring/developer-site/blob/96bbf05de115431a3f81c1e6954c3986c6cf2e50%5E/content/api/booking/schemas/booking-v1.xsd
 */
export const BOOKING_ERROR_TOO_BIG = {
  consignments: [
    {
      confirmation: null,
      errors: [
        {
          uniqueId: "b2e73d9f-6281-4ed2-91ee-431eba33f766",
          code: "BOOK-INPUT-023",
          messages: [{ lang: "en", message: "The shipment is too big to send with the given product" }],
          consignmentCorrelationId: null,
          packageCorrelationId: null,
        },
      ],
    },
  ],
};

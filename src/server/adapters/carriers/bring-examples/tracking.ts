/**
 * Bring's documented tracking examples, as published in the developer.bring.com source
 * (github.com/bring/developer-site): the known-answer tests read them through the adapter. Each names
 * its source; JSON as published (trailing commas the published files had are dropped).
 */

/** Tracking API, TESTPACKAGEATPICKUPPOINT. Source: https://github.com/bring/developer-site/blob/7a6cbffc373fa2676af5e3863d23ad2a050ea46f%5E/content/api/tracking/examples/waiting_at_pup.json */
export const TRACKING_AT_PICKUP_POINT = {
  apiVersion: "2",
  consignmentSet: [
    {
      consignmentId: "SHIPMENTNUMBER",
      previousConsignmentId: "",
      packageSet: [
        {
          statusDescription: "Package can be collected at pickup point.",
          descriptions: [],
          packageNumber: "TESTPACKAGEATPICKUPPOINT",
          previousPackageNumber: "",
          productName: "CARBON-NEUTRAL SERVICE PARCEL",
          productCode: "1202",
          productLink: "http://www.bring.no/english/shortcuts/1202",
          brand: "POSTEN",
          lengthInCm: 41,
          widthInCm: 38,
          heightInCm: 29,
          volumeInDm3: 45.2,
          weightInKgs: 16.5,
          listPrice: "",
          contractPrice: "",
          currencyCode: "",
          pickupCode: "AA11",
          shelfNumber: "",
          dateOfReturn: "01.12.2011",
          dateOfEstimatedDelivery: "",
          dateOfDelivery: "",
          senderName: "POSTEN NORGE AS",
          senderAddress: {
            addressLine1: "",
            addressLine2: "",
            postalCode: "",
            city: "",
            countryCode: "",
            country: "",
          },
          senderHandlingAddress: "",
          recipientName: "",
          recipientAddress: {
            addressLine1: "",
            addressLine2: "",
            postalCode: "0000",
            city: "City",
            countryCode: "NO",
            country: "Norway",
          },
          recipientHandlingAddress: {
            addressLine1: "",
            addressLine2: "",
            postalCode: "0000",
            city: "City",
            countryCode: "NO",
            country: "Norway",
          },
          eventSet: [
            {
              description: "The shipment has arrived at pickup point.",
              status: "READY_FOR_PICKUP",
              lmEventCode: "",
              recipientSignature: {
                name: "",
                linkToImage: "",
              },
              unitId: "122608",
              unitInformationUrl: "https://api.bring.com/pickuppoint/api/pickuppoint/NO/id/122608.xml",
              unitType: "BRING",
              postalCode: "2341",
              city: "LØTEN",
              countryCode: "NO",
              country: "Norway",
              dateIso: "2010-10-01T08:30:25+02:00",
              displayDate: "01.10.2010",
              displayTime: "08:30",
              consignmentEvent: false,
              insignificant: false,
              gpsXCoordinate: "",
              gpsYCoordinate: "",
              gpsMapUrl: "",
            },
            {
              description: "The shipment has been handed in at terminal and forwarded.",
              status: "IN_TRANSIT",
              lmEventCode: "",
              recipientSignature: {
                name: "",
                linkToImage: "",
              },
              unitId: "032850",
              unitInformationUrl: "",
              unitType: "BRING",
              postalCode: "0024",
              city: "OSLO",
              countryCode: "NO",
              country: "Norway",
              dateIso: "2010-09-30T08:27:08+02:00",
              displayDate: "30.09.2010",
              displayTime: "08:27",
              consignmentEvent: false,
              insignificant: false,
              gpsXCoordinate: "",
              gpsYCoordinate: "",
              gpsMapUrl: "",
            },
          ],
          additionalServiceSet: [],
          requestedPackage: "",
        },
      ],
      recipientName: "",
      recipientAddress: {
        addressLine1: "",
        addressLine2: "",
        postalCode: "0000",
        city: "City",
        countryCode: "NO",
        country: "",
      },
      recipientHandlingAddress: {
        addressLine1: "",
        addressLine2: "",
        postalCode: "0000",
        city: "City",
        countryCode: "NO",
        country: "",
      },
      senderReference: "",
      senderCustomerNumber: "",
      senderCustomerMasterNumber: "",
      senderName: "Mr. Sender",
      senderAddress: {
        addressLine1: "",
        addressLine2: "",
        postalCode: "",
        city: "",
        countryCode: "NO",
        country: "",
      },
      senderHandlingAddress: "",
      senderCustomerType: "",
      recipientCustomerNumber: "",
      recipientCustomerMasterNumber: "",
      recipientCustomerType: "",
      totalListPrice: "",
      totalContractPrice: "",
      listPricePackageCount: "",
      contractPricePackageCount: "",
      currencyCode: "",
      consignmentActionSet: [],
      senderLogo: "",
      totalWeightInKgs: 4.4,
      totalVolumeInDm3: 12.4,
      isPickupNoticeAvailable: true,
    },
  ],
};

/** Tracking API, TESTPACKAGEDELIVERED. Source: https://github.com/bring/developer-site/blob/7a6cbffc373fa2676af5e3863d23ad2a050ea46f%5E/content/api/tracking/examples/delivered.json */
export const TRACKING_DELIVERED = {
  apiVersion: "2",
  consignmentSet: [
    {
      consignmentId: "SHIPMENTNUMBER",
      previousConsignmentId: "",
      packageSet: [
        {
          statusDescription: "",
          descriptions: [],
          packageNumber: "TESTPACKAGEDELIVERED",
          previousPackageNumber: "",
          productName: "HOME DELIVERY",
          productCode: "1736",
          productLink: "http://www.bring.no/english/shortcuts/1736",
          brand: "POSTEN",
          lengthInCm: 41,
          widthInCm: 38,
          heightInCm: 29,
          volumeInDm3: 45.2,
          weightInKgs: 16.5,
          eventSet: [
            {
              description: "The shipment has been delivered.",
              status: "DELIVERED",
              recipientSignature: {
                name: "O Nordmann",
              },
              unitId: "971190",
              unitType: "BRING",
              postalCode: "",
              city: "",
              countryCode: "",
              country: "",
              dateIso: "2010-09-30T17:45:25+02:00",
              displayDate: "30.09.2010",
              displayTime: "17:45",
              consignmentEvent: false,
              insignificant: false,
            },
            {
              description: "The shipment has been loaded for delivery.",
              status: "TRANSPORT_TO_RECIPIENT",
              recipientSignature: {
                name: "",
              },
              unitId: "971190",
              unitType: "BRING",
              postalCode: "0001",
              city: "OSLO",
              countryCode: "NO",
              country: "Norway",
              dateIso: "2010-09-30T16:48:57+02:00",
              displayDate: "30.09.2010",
              displayTime: "16:48",
              consignmentEvent: false,
              insignificant: false,
            },
            {
              description: "The shipment has been handed in at terminal and forwarded.",
              status: "IN_TRANSIT",
              recipientSignature: {
                name: "",
              },
              unitId: "032850",
              unitType: "BRING",
              postalCode: "0024",
              city: "OSLO",
              countryCode: "NO",
              country: "Norway",
              dateIso: "2010-09-30T08:27:08+02:00",
              displayDate: "30.09.2010",
              displayTime: "08:27",
              consignmentEvent: false,
              insignificant: false,
            },
          ],
          additionalServiceSet: [
            {
              id: "1091",
              description: "eAdvising",
              amount: "",
              currencyCode: "",
              longDescription: "Delivery advising will be sent via sms +4712345678 and/or e-mail",
            },
          ],
          requestedPackage: null,
        },
      ],
      senderReference: "",
      senderCustomerNumber: "",
      senderCustomerMasterNumber: "",
      senderCustomerType: "",
      recipientCustomerNumber: "",
      recipientCustomerMasterNumber: "",
      recipientCustomerType: "",
      isPickupNoticeAvailable: false,
      totalWeightInKgs: 16.5,
      totalVolumeInDm3: 45.2,
    },
  ],
};

/** Tracking API, no shipment found. Source: https://github.com/bring/developer-site/blob/7a6cbffc373fa2676af5e3863d23ad2a050ea46f%5E/content/api/tracking/examples/unsuccessful.json */
export const TRACKING_UNSUCCESSFUL = {
  apiVersion: "2",
  consignmentSet: [
    {
      error: {
        code: 404,
        message: "No shipments found",
      },
    },
  ],
};

/** Tracking API, invalid query. Source: https://github.com/bring/developer-site/blob/7a6cbffc373fa2676af5e3863d23ad2a050ea46f%5E/content/api/tracking/examples/bad_request.json */
export const TRACKING_BAD_REQUEST = {
  apiVersion: "2",
  consignmentSet: [
    {
      error: {
        code: 400,
        message: "Invalid query",
      },
    },
  ],
};

/** Tracking API, too many requests / blocked. Source: https://github.com/bring/developer-site/blob/7a6cbffc373fa2676af5e3863d23ad2a050ea46f%5E/content/api/tracking/examples/service_unavailable.json */
export const TRACKING_SERVICE_UNAVAILABLE = {
  shipments: [
    {
      apiVersion: "2",
      consignmentSet: [
        {
          error: {
            system: "TooBusyPakker_TooBusyPakker",
            code: 503,
            message: "Server too busy/ Temporarily blocked due to too many invalid requests",
          },
        },
      ],
    },
  ],
};

/** Tracking API, technical error. Source: https://github.com/bring/developer-site/blob/7a6cbffc373fa2676af5e3863d23ad2a050ea46f%5E/content/api/tracking/examples/unspecified.json */
export const TRACKING_UNSPECIFIED = {
  apiVersion: "2",
  consignmentSet: [
    {
      error: {
        system: "ExternalErrorPakker",
        code: 500,
        message: "Error getting track & trace information",
      },
    },
  ],
};

/**
 * Bring's documented checkout examples, as published in the developer.bring.com source
 * (github.com/bring/developer-site): the known-answer tests read them through the adapter. Each names
 * its source; JSON as published (trailing commas the published files had are dropped).
 */

/** Shipping Guide API request, "Calling Shipping Guide API" (developer.bring.com/api/shipping-guide_2/using-shipping-guide-api/callingsg/). Source: https://github.com/bring/developer-site/blob/fdc29313/content/api/shipping-guide_2/using-shipping-guide-api/callingsg.md */
export const SG_REQUEST_CALLINGSG = {
  language: "no",
  withPrice: true,
  withExpectedDelivery: false,
  withGuiInformation: true,
  numberOfAlternativeDeliveryDates: 0,
  edi: true,
  postingAtPostOffice: true,
  trace: true,
  consignments: [
    {
      id: 101,
      products: [
        {
          id: "5800",
        },
      ],
      fromCountryCode: "NO",
      toCountryCode: "NO",
      fromPostalCode: "0015",
      toPostalCode: "5518",
      addressLine: "Testsvingen 2",
      shippingDate: {
        day: "10",
        hour: "10",
        minute: "0",
        month: "10",
        year: "2016",
      },
      packages: [
        {
          id: "10",
          length: 10,
          width: 10,
          height: 10,
          grossWeight: 50,
        },
        {
          id: "11",
          length: 10,
          width: 10,
          height: 10,
          grossWeight: 50,
        },
        {
          id: "12",
          length: 11,
          width: 10,
          height: 10,
          grossWeight: 50,
        },
      ],
      additionalServices: [
        {
          id: "EVARSLING",
        },
        {
          id: "POSTOPPKRAV",
        },
      ],
    },
  ],
};

/** Shipping Guide API response, same page. Source: https://github.com/bring/developer-site/blob/fdc29313/content/api/shipping-guide_2/using-shipping-guide-api/callingsg.md */
export const SG_RESPONSE_CALLINGSG = {
  traceMessages: [],
  consignments: [
    {
      products: [
        {
          id: "5800",
          productionCode: "1202",
          guiInformation: {
            sortOrder: "0",
            mainDisplayCategory: "Pakke",
            subDisplayCategory: "Til privatpersoner",
            trackable: false,
            logo: "POSTEN",
            logoUrl: "https://www.qa.mybring.com/shipping-guide/assets/img/Posten_logo.svg",
            displayName: "Til hentested",
            productName: "Pakke til hentested",
            descriptionText: "Pakken kan spores og utleveres på ditt lokale hentested.",
            helpText:
              "Pakke til hentested leveres til mottakers lokale hentested (postkontor eller Post i Butikk). Mottaker kan velge å hente sendingen på et annet hentested enn sitt lokale. Mottaker varsles om at sendingen er ankommet via SMS, e-post eller hentemelding i postkassen. Sendingen kan spores ved hjelp av sporingsnummeret.",
            shortName: "Pakke til hentested",
            deliveryType: "Hentested",
            maxWeightInKgs: "35",
          },
          price: {
            listPrice: {
              priceWithoutAdditionalServices: {
                amountWithoutVAT: "750.96",
                vat: "187.74",
                amountWithVAT: "938.70",
              },
              additionalServices: [
                {
                  additionalServiceId: "EVARSLING",
                  additionalServiceDescription: "",
                  additionalServicePrice: {
                    amountWithoutVAT: "0.00",
                    vat: "0.00",
                    amountWithVAT: "0.00",
                  },
                  additionalServiceCodeFromProductionSystem: "1091",
                },
                {
                  additionalServiceId: "POSTOPPKRAV",
                  additionalServiceDescription: "",
                  additionalServicePrice: {
                    amountWithoutVAT: "65.00",
                    vat: "16.25",
                    amountWithVAT: "81.25",
                  },
                  additionalServiceCodeFromProductionSystem: "2000",
                },
              ],
              priceWithAdditionalServices: {
                amountWithoutVAT: "815.96",
                vat: "203.99",
                amountWithVAT: "1019.95",
              },
              currencyCode: "NOK",
            },
          },
        },
      ],
    },
  ],
  uniqueId: "9944a207-82ee-464f-bb55-b77eb836adc2",
};

/** Shipping Guide API response with a customer number (net price, expected delivery). Source: https://github.com/bring/developer-site/blob/974cb92f0dde2d6e727f7a73971ce9b65b6a71eb%5E/content/api/shipping-guide_2/examples/rest_estimated_delivery_time_response_200.json */
export const SG_RESPONSE_NET_PRICE = {
  traceMessages: [],
  consignments: [
    {
      products: [
        {
          id: "5000",
          customerNumber: "XXXXXXXXX",
          productionCode: "5000",
          price: {
            listPrice: {
              priceWithoutAdditionalServices: {
                amountWithoutVAT: "145.75",
                vat: "36.44",
                amountWithVAT: "182.19",
              },
              priceWithAdditionalServices: {
                amountWithoutVAT: "145.75",
                vat: "36.44",
                amountWithVAT: "182.19",
              },
              currencyCode: "NOK",
            },
            netPrice: {
              priceWithoutAdditionalServices: {
                amountWithoutVAT: "145.75",
                vat: "36.44",
                amountWithVAT: "182.19",
              },
              priceWithAdditionalServices: {
                amountWithoutVAT: "145.75",
                vat: "36.44",
                amountWithVAT: "182.19",
              },
              currencyCode: "NOK",
            },
          },
          expectedDelivery: {
            workingDays: "1",
            userMessage: "",
            formattedExpectedDeliveryDate: "14.01.2021",
            expectedDeliveryDate: {
              year: "2021",
              month: "1",
              day: "14",
            },
            alternativeDeliveryDates: [],
          },
        },
      ],
    },
  ],
  uniqueId: "cedb345a-759a-4892-9ee8-3672f5a5ebf5",
};

/** Pickup Point API, NO/postalCode/1407 (the first two of its ten points). Source: https://github.com/bring/developer-site/blob/3e35ae97d6e4bb30d8ebc06dd5538987facb640f%5E/content/api/pickup-point/examples/by_postal_code.json */
export const PICKUP_BY_POSTAL_CODE = {
  pickupPoint: [
    {
      id: "121524",
      unitId: "121524",
      name: "Coop Obs! Hypermarked Vinterbro",
      address: "POSTBOKS 100",
      postalCode: "1429",
      city: "VINTERBRO",
      countryCode: "NO",
      municipality: "ÅS",
      county: "AKERSHUS",
      visitingAddress: "SJØSKOGENVEIEN 7",
      visitingPostalCode: "1407",
      visitingCity: "VINTERBRO",
      openingHoursNorwegian: "Man - Fre: 0800-2200, Lør: 0800-2000",
      openingHoursEnglish: "Mon - Fri: 0800-2200, Sat: 0800-2000",
      openingHoursFinnish: "Maa - Per: 0800-2200, Lau: 0800-2000",
      openingHoursDanish: "Man - Fre: 0800-2200, Lør: 0800-2000",
      openingHoursSwedish: "Mån - Fre: 0800-2200, Lör: 0800-2000",
      latitude: 59.73932700996702,
      longitude: 10.770781349260394,
      utmX: "262357",
      utmY: "6629962",
      postenMapsLink: "http://www.posten.no/kundeservice/kart?ID=121524",
      googleMapsLink: "http://maps.google.com/maps?f=q&hl=en&geocode=&q=59.739327009967,10.7707813492604",
      distanceInKm: "1.3",
      distanceType: "DRIVING_DISTANCE",
      durationInMinutes: "2",
      durationType: "DRIVING_TIME",
      type: "4",
      additionalServiceCode: "1036",
      routeMapsLink:
        "https://api.bring.com/pickuppoint/map/route?origlat=59.734866&origlong=10.75588&destlat=59.73932701&destlong=10.77078135",
    },
    {
      id: "102774",
      unitId: "102774",
      name: "Pakkeautomat Vinterbro Post i Butikk",
      address: "SJØSKOGENVEIEN 7",
      postalCode: "1407",
      city: "VINTERBRO",
      countryCode: "NO",
      municipality: "ÅS",
      county: "AKERSHUS",
      visitingAddress: "SJØSKOGENVEIEN 7",
      visitingPostalCode: "1407",
      visitingCity: "VINTERBRO",
      locationDescription: "Pakkeautomaten er plassert i butikken i nærheten av postpunktet.",
      openingHoursNorwegian: "Man - Fre: 0800-2200, Lør: 0800-2000",
      openingHoursEnglish: "Mon - Fri: 0800-2200, Sat: 0800-2000",
      openingHoursFinnish: "Maa - Per: 0800-2200, Lau: 0800-2000",
      openingHoursDanish: "Man - Fre: 0800-2200, Lør: 0800-2000",
      openingHoursSwedish: "Mån - Fre: 0800-2200, Lör: 0800-2000",
      latitude: 59.73953376857329,
      longitude: 10.772732383961406,
      utmX: "262468",
      utmY: "6629978",
      postenMapsLink: "http://www.posten.no/kundeservice/kart?ID=102774",
      googleMapsLink: "http://maps.google.com/maps?f=q&hl=en&geocode=&q=59.7395337685733,10.7727323839614",
      distanceInKm: "1.4",
      distanceType: "DRIVING_DISTANCE",
      durationInMinutes: "3",
      durationType: "DRIVING_TIME",
      type: "27",
      additionalServiceCode: "1036",
      routeMapsLink:
        "https://api.bring.com/pickuppoint/map/route?origlat=59.734866&origlong=10.75588&destlat=59.73953377&destlong=10.77273238",
    },
  ],
};

/** Pickup Point API, NO/id/121110 (distanceInKm empty). Source: https://github.com/bring/developer-site/blob/3e35ae97d6e4bb30d8ebc06dd5538987facb640f%5E/content/api/pickup-point/examples/by_id.json */
export const PICKUP_BY_ID = {
  pickupPoint: [
    {
      id: "121110",
      unitId: "121110",
      name: "Meny Greverud",
      address: "POSTBOKS 14 GREVERUD",
      postalCode: "1416",
      city: "OPPEGÅRD",
      countryCode: "NO",
      municipality: "OPPEGÅRD",
      county: "AKERSHUS",
      visitingAddress: "FLÅTESTADVEIEN 3",
      visitingPostalCode: "1415",
      visitingCity: "OPPEGÅRD",
      locationDescription: "På Greverudsenteret",
      openingHoursNorwegian: "Man - Fre: 0700-2200, Lør: 0900-2000",
      openingHoursEnglish: "Mon - Fri: 0700-2200, Sat: 0900-2000",
      openingHoursFinnish: "Maa - Per: 0700-2200, Lau: 0900-2000",
      openingHoursDanish: "Man - Fre: 0700-2200, Lør: 0900-2000",
      openingHoursSwedish: "Mån - Fre: 0700-2200, Lör: 0900-2000",
      latitude: 59.77397940554418,
      longitude: 10.803229911496063,
      utmX: "264423",
      utmY: "6633700",
      postenMapsLink: "http://www.posten.no/kundeservice/kart?ID=121110",
      googleMapsLink: "http://maps.google.com/maps?f=q&hl=en&geocode=&q=59.7739794055442,10.8032299114961",
      distanceInKm: "",
      type: "4",
      additionalServiceCode: "1036",
      openingHours: [
        {
          day: "MONDAY",
          opening: "0700",
          closing: "2200",
        },
        {
          day: "TUESDAY",
          opening: "0700",
          closing: "2200",
        },
        {
          day: "WEDNESDAY",
          opening: "0700",
          closing: "2200",
        },
        {
          day: "THURSDAY",
          opening: "0700",
          closing: "2200",
        },
        {
          day: "FRIDAY",
          opening: "0700",
          closing: "2200",
        },
        {
          day: "SATURDAY",
          opening: "0900",
          closing: "2000",
        },
      ],
      temporaryOpeningHours: [],
      specialOpeningHours: [],
    },
  ],
};

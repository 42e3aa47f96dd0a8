import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeVipps, startFakeVipps } from "../../test/fakes/vipps";
import { PaymentProviderError } from "./payments";
import { createStripeGateway } from "./stripe";
import { createVippsGateway, stateOf } from "./vipps";
import { createPaymentBody, msisdnOf } from "./vipps-request";

/**
 * The ePayment API's documented examples as known-answer tests (decision 0035): the requests Torg builds
 * for the stall's flows, the fake's reading of the documented requests, and the documented answers.
 */
const base = {
  reference: "acme-shop-123-order123abc",
  merchant: "123456",
  amountOre: 1000,
  description: "Two pairs of socks, paid with a QR code",
  returnUrl: "https://example.com/redirect?reference=acme-shop-123-order123abc",
  lines: [],
  expiresAt: new Date(0),
};

describe("the CreatePaymentRequest Torg builds", () => {
  it("web: the WEB_REDIRECT request as before, byte for byte", () => {
    expect(JSON.stringify(createPaymentBody(base))).toBe(
      '{"amount":{"currency":"NOK","value":1000},"paymentMethod":{"type":"WALLET"},' +
        '"reference":"acme-shop-123-order123abc",' +
        '"returnUrl":"https://example.com/redirect?reference=acme-shop-123-order123abc",' +
        '"userFlow":"WEB_REDIRECT","paymentDescription":"Two pairs of socks, paid with a QR code"}',
    );
  });

  it("stall QR: the documented QR example's fields, asking for the target URL, customer present", () => {
    // The "QR Payments" feature page's example, with `"format": "TEXT/TARGETURL"` (Torg draws the QR),
    // `customerInteraction` as the in-person flows ask, and no `returnUrl` (not required for QR).
    expect(JSON.stringify(createPaymentBody({ ...base, userFlow: { kind: "qr" } }))).toBe(
      '{"amount":{"currency":"NOK","value":1000},"paymentMethod":{"type":"WALLET"},' +
        '"reference":"acme-shop-123-order123abc","userFlow":"QR",' +
        '"qrFormat":{"format":"TEXT/TARGETURL"},"customerInteraction":"CUSTOMER_PRESENT",' +
        '"paymentDescription":"Two pairs of socks, paid with a QR code"}',
    );
  });

  it("stall push: PUSH_MESSAGE with the documented MSISDN form of the number", () => {
    // "If the phone number is a Norwegian phone number `(+47) 91 23 45 67`, the MSISDN representation
    // is `4791234567`."
    expect(msisdnOf("+4791234567")).toBe("4791234567");
    const body = createPaymentBody({ ...base, userFlow: { kind: "push_message", phone: "+4791234567" } });
    expect(JSON.stringify(body)).toBe(
      '{"amount":{"currency":"NOK","value":1000},"paymentMethod":{"type":"WALLET"},' +
        '"customer":{"phoneNumber":"4791234567"},"reference":"acme-shop-123-order123abc",' +
        '"userFlow":"PUSH_MESSAGE","customerInteraction":"CUSTOMER_PRESENT",' +
        '"paymentDescription":"Two pairs of socks, paid with a QR code"}',
    );
  });

  it("refuses a number that is not E.164 rather than send Vipps a wrong one", () => {
    expect(() => msisdnOf("91234567")).toThrow(PaymentProviderError);
    expect(() => msisdnOf("+47 912 34 567")).toThrow(PaymentProviderError);
  });
});

describe("the fake reads create requests as the ePayment reference documents them", () => {
  let vipps: FakeVipps;
  let token = "";
  beforeAll(async () => {
    vipps = await startFakeVipps({ deliver: false });
    const answer = await fetch(`${vipps.url}/accesstoken/get`, {
      method: "POST",
      headers: {
        client_id: vipps.keys.clientId,
        client_secret: vipps.keys.clientSecret,
        "Ocp-Apim-Subscription-Key": vipps.keys.subscriptionKey,
        "Merchant-Serial-Number": "123456",
      },
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  });
  afterAll(() => vipps.close());

  let key = 0;
  const nextKey = () => {
    key += 1;
    return key;
  };
  const create = (body: unknown) =>
    fetch(`${vipps.url}/epayment/v1/payments`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Ocp-Apim-Subscription-Key": vipps.keys.subscriptionKey,
        "Merchant-Serial-Number": "123456",
        "Idempotency-Key": `key-${nextKey()}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify(body),
    });

  /** The one-time payment QR example ("Generate the payment request with dynamic QR"), less its `receipt`. */
  const documentedQr = {
    userFlow: "QR",
    qrFormat: { format: "IMAGE/SVG+XML", size: 1024 },
    amount: { value: 42924, currency: "NOK" },
    paymentMethod: { type: "WALLET" },
    customerInteraction: "CUSTOMER_PRESENT",
    reference: "acme-shop-123-order123abc",
    paymentDescription: "Ear buds",
  };

  it("the documented QR example: 201 with a redirectUrl to the QR image (SVG)", async () => {
    const response = await create(documentedQr);
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { redirectUrl: string; reference: string };
    expect(answer.reference).toBe("acme-shop-123-order123abc");
    const image = await fetch(answer.redirectUrl);
    expect(image.headers.get("content-type")).toContain("image/svg+xml");
    expect(await image.text()).toContain("<svg");
  });

  it("TEXT/TARGETURL: the redirectUrl is the QR's target, which opens the payment", async () => {
    const response = await create({
      ...documentedQr,
      reference: "stall-qr-target-1",
      qrFormat: { format: "TEXT/TARGETURL" },
    });
    const answer = (await response.json()) as { redirectUrl: string };
    expect((await fetch(answer.redirectUrl)).status).toBe(200);
    expect(vipps.payment("stall-qr-target-1")).toMatchObject({ userFlow: "QR", qrFormat: "TEXT/TARGETURL" });
  });

  it("PUSH_MESSAGE: answers the documented PushFlow example, the reference and no redirectUrl", async () => {
    const response = await create({
      amount: { currency: "NOK", value: 6000 },
      customer: { phoneNumber: "4712345678" },
      paymentMethod: { type: "WALLET" },
      reference: "acme-shop-123-1234589",
      userFlow: "PUSH_MESSAGE",
      customerInteraction: "CUSTOMER_PRESENT",
    });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('{"reference":"acme-shop-123-1234589"}');
    const inbox = await fetch(`${vipps.url}/_fake/push-inbox?phoneNumber=4712345678`);
    expect(await inbox.json()).toEqual([expect.objectContaining({ reference: "acme-shop-123-1234589" })]);
  });

  it.each([
    ["PUSH_MESSAGE without a customer", { userFlow: "PUSH_MESSAGE" }],
    ["a phoneNumber with a +", { userFlow: "PUSH_MESSAGE", customer: { phoneNumber: "+4712345678" } }],
    ["a phoneNumber too short", { userFlow: "PUSH_MESSAGE", customer: { phoneNumber: "12345678" } }],
    [
      "two customer identities",
      { userFlow: "PUSH_MESSAGE", customer: { phoneNumber: "4712345678", customerToken: "abc" } },
    ],
    ["a qrFormat not in the enum", { userFlow: "QR", qrFormat: { format: "IMAGE/GIF" } }],
    ["a qrFormat size below 100", { userFlow: "QR", qrFormat: { format: "IMAGE/PNG", size: 50 } }],
    ["a customerInteraction not in the enum", { userFlow: "QR", customerInteraction: "PRESENT" }],
    ["WEB_REDIRECT without a returnUrl", { userFlow: "WEB_REDIRECT" }],
    ["no userFlow", {}],
    [
      "expiresAt with WEB_REDIRECT",
      { userFlow: "WEB_REDIRECT", returnUrl: "https://example.com", expiresAt: "2099-01-01T00:00:00Z" },
    ],
  ])("refuses %s with a 400 Problem", async (_name, flow) => {
    const response = await create({
      amount: { currency: "NOK", value: 1000 },
      paymentMethod: { type: "WALLET" },
      reference: `refused-${nextKey()}-abc`,
      ...flow,
    });
    expect(response.status).toBe(400);
  });

  it("the documented cancel-before-authorization answer reads as cancelled, with its amount", () => {
    // Cancel a payment: "If the payment has not yet reached the AUTHORIZED state, a cancellation by the
    // merchant via the API will result in the TERMINATED state", and the example answer.
    const documented = {
      amount: { currency: "NOK", value: 1000 },
      state: "TERMINATED" as const,
      aggregate: {
        authorizedAmount: { currency: "NOK", value: 0 },
        cancelledAmount: { currency: "NOK", value: 1000 },
        capturedAmount: { currency: "NOK", value: 0 },
        refundedAmount: { currency: "NOK", value: 0 },
      },
      pspReference: "70b6ebe0-b400-4652-a3ea-70645e025035",
    };
    expect(stateOf(documented, "123456")).toMatchObject({
      status: "cancelled",
      totalOre: 1000,
      currency: "NOK",
      authorizedOre: 0,
      capturedOre: 0,
    });
  });

  it("the adapter's QR and push requests are accepted, and a push answers no redirectUrl", async () => {
    const gateway = createVippsGateway({
      apiUrl: vipps.url,
      ...vipps.keys,
      secretFor: async () => undefined,
    });
    const qr = await gateway.createPayment({
      ...base,
      reference: "torg-stall-qr-0001",
      userFlow: { kind: "qr" },
    });
    expect(qr.redirectUrl).toMatch(/\/landing\?token=torg-stall-qr-0001/);
    const push = await gateway.createPayment({
      ...base,
      reference: "torg-stall-push-0001",
      userFlow: { kind: "push_message", phone: "+4791234567" },
    });
    expect(push).toEqual({});
    const sent = vipps.createRequests.filter((entry) => entry.body.includes("torg-stall-"));
    expect(sent.map((entry) => entry.body)).toEqual([
      JSON.stringify(
        createPaymentBody({ ...base, reference: "torg-stall-qr-0001", userFlow: { kind: "qr" } }),
      ),
      JSON.stringify(
        createPaymentBody({
          ...base,
          reference: "torg-stall-push-0001",
          userFlow: { kind: "push_message", phone: "+4791234567" },
        }),
      ),
    ]);
  });
});

describe("Stripe and the stall", () => {
  it("refuses a QR or a push with a 400 PaymentProviderError, never a web payment instead", async () => {
    const stripe = createStripeGateway({
      secretKey: "sk_test_unused",
      webhookSecret: "whsec_unused",
      apiUrl: "http://127.0.0.1:9",
    });
    for (const userFlow of [
      { kind: "qr" } as const,
      { kind: "push_message", phone: "+4791234567" } as const,
    ]) {
      const attempt = stripe.createPayment({ ...base, userFlow });
      await expect(attempt).rejects.toBeInstanceOf(PaymentProviderError);
      await expect(attempt).rejects.toMatchObject({ provider: "stripe", status: 400 });
    }
  });
});

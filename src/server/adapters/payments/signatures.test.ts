import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripeSignature } from "../../test/fakes/stripe";
import { WebhookSignatureError } from "./payments";
import { createVippsGateway, vippsWebhookSignature } from "./vipps";

/**
 * The documented examples as known-answer tests (decision 0035). Vipps MobilePay Webhooks API,
 * "Request authentication": the sample secret, URL, body and date, and the headers the page says are valid.
 */
const VIPPS_DOC = {
  secret: "A0+AeKBRG2KRGvnNwJpQlb6IJFk48CKXCIcrLoHncVJKDILsQSxS6NWCccwWm6r6FhGKhiHTBsG2wo/xU6FY/A==",
  url: "https://webhook.site/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63",
  body: '{"some-unique-content":"ee6e441b-cc4a-46f8-895d-a5af79bcc233/hello-world"}',
  date: "Thu, 30 Mar 2023 08:38:32 GMT",
  contentHash: "lNlsp1XA03N34HrQsVzPgJKtC+r7l/RBF4V3JQUWMj4=",
  authorization:
    "HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=agAiSyogQbDHpeucoNwYz+yAr5nJ+v+zasdkSbqzv+U=",
};

describe("Vipps webhook signature (documented example)", () => {
  it("computes the documented x-ms-content-sha256 and Authorization", () => {
    const url = new URL(VIPPS_DOC.url);
    const signed = vippsWebhookSignature({
      secret: VIPPS_DOC.secret,
      pathAndQuery: url.pathname + url.search,
      date: VIPPS_DOC.date,
      host: url.host,
      body: VIPPS_DOC.body,
    });
    expect(signed.contentHash).toBe(VIPPS_DOC.contentHash);
    expect(signed.authorization).toBe(VIPPS_DOC.authorization);
  });

  function gatewayAt(nowMs: number, secret = VIPPS_DOC.secret) {
    return createVippsGateway({
      apiUrl: "http://127.0.0.1:9",
      clientId: "id",
      clientSecret: "secret",
      subscriptionKey: "key",
      // The documented body has no msn: any MSN's secret is the documented one here.
      secretFor: async () => secret,
      now: () => nowMs,
    });
  }
  const request = (body = `{"msn":"123456",${VIPPS_DOC.body.slice(1)}`, date = VIPPS_DOC.date) => {
    const url = new URL(VIPPS_DOC.url);
    const signed = vippsWebhookSignature({
      secret: VIPPS_DOC.secret,
      pathAndQuery: url.pathname,
      date,
      host: url.host,
      body,
    });
    return {
      rawBody: body,
      pathAndQuery: url.pathname,
      headers: {
        host: url.host,
        "x-ms-date": date,
        "x-ms-content-sha256": signed.contentHash,
        authorization: signed.authorization,
      },
    };
  };
  const at = Date.parse(VIPPS_DOC.date);

  it("accepts a call signed as documented, within five minutes of its x-ms-date", async () => {
    await expect(gatewayAt(at + 60_000).parseWebhook(request())).resolves.toHaveLength(1);
  });

  it("refuses a changed body, a wrong secret, another host and a stale date", async () => {
    const good = request();
    await expect(
      gatewayAt(at).parseWebhook({ ...good, rawBody: good.rawBody.replace("hello", "hullo") }),
    ).rejects.toThrow(WebhookSignatureError);
    await expect(gatewayAt(at, "another-secret").parseWebhook(good)).rejects.toThrow(WebhookSignatureError);
    await expect(
      gatewayAt(at).parseWebhook({ ...good, headers: { ...good.headers, host: "evil.example" } }),
    ).rejects.toThrow(WebhookSignatureError);
    await expect(gatewayAt(at + 6 * 60_000).parseWebhook(good)).rejects.toThrow(/stale/);
  });
});

describe("Stripe webhook signature", () => {
  const stripe = new Stripe("sk_test_unused");
  const payload = JSON.stringify({ id: "evt_test_1", object: "event", type: "checkout.session.completed" });
  const secret = "whsec_test_secret";

  it("the fake signs exactly as the official package's generateTestHeaderString", () => {
    const timestamp = 1_700_000_000;
    expect(stripeSignature(secret, payload, timestamp)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    );
  });

  it("constructEvent accepts the fake's signature and refuses a changed body or an old timestamp", () => {
    const header = stripeSignature(secret, payload);
    expect(stripe.webhooks.constructEvent(payload, header, secret).id).toBe("evt_test_1");
    expect(() => stripe.webhooks.constructEvent(payload.replace("1", "2"), header, secret)).toThrow();
    const old = stripeSignature(secret, payload, Math.floor(Date.now() / 1000) - 600);
    expect(() => stripe.webhooks.constructEvent(payload, old, secret)).toThrow(/tolerance/i);
  });
});

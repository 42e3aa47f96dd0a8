import { randomBytes, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import QRCode from "qrcode";
import { vippsWebhookSignature } from "../../adapters/payments/vipps";
import { decisionPage } from "./page";
import { type FakeQrFormat, type FakeUserFlow, readCreateRequest } from "./vipps-create";

/**
 * A local stand-in for the Vipps MobilePay APIs Torg uses (decision 0035): the Access token API
 * (`POST /accesstoken/get`), the ePayment API v1 (create, get, capture, cancel, refund, with the
 * `Idempotency-Key` replaying an answer) and the Webhooks API v1 (register, then every event POSTed to
 * the registered `url`, signed as "Request authentication" documents). Its landing page approves or
 * rejects a payment, as the Vipps app would; a stall's QR (`userFlow: "QR"`) points at it, and a push
 * (`userFlow: "PUSH_MESSAGE"`) waits in the phone's inbox (`/_fake/push-inbox`) with a link to it.
 */
export interface FakeVippsOptions {
  clientId?: string;
  clientSecret?: string;
  subscriptionKey?: string;
  /** POST webhooks to their registered urls (default true); false keeps them in `sent` only. */
  deliver?: boolean;
  port?: number;
}

type Amount = { currency: string; value: number };
type State = "CREATED" | "ABORTED" | "EXPIRED" | "AUTHORIZED" | "TERMINATED";
interface FakePayment {
  msn: string;
  reference: string;
  pspReference: string;
  amount: Amount;
  state: State;
  /** Absent for the stall's flows: the app shows its own receipt. */
  returnUrl: string | undefined;
  description: string;
  userFlow: FakeUserFlow;
  /** `customer.phoneNumber` (MSISDN) a push payment went to. */
  phoneNumber: string | undefined;
  qrFormat: FakeQrFormat | undefined;
  customerInteraction: string;
  aggregate: {
    authorizedAmount: Amount;
    cancelledAmount: Amount;
    capturedAmount: Amount;
    refundedAmount: Amount;
  };
}
export interface SentWebhook {
  url: string;
  headers: Record<string, string>;
  body: string;
  delivered?: number;
}

const nok = (value = 0): Amount => ({ currency: "NOK", value });
/**
 * "The reference must be unique for the sales unit (MSN), but is not globally unique, so several MSNs
 * may use the same reference" (ePayment webhooks, the payload's `reference`): payments are kept per MSN.
 */
const paymentKey = (msn: string, reference: string) => `${msn}/${reference}`;

export async function startFakeVipps(options: FakeVippsOptions = {}) {
  const keys = {
    clientId: options.clientId ?? "fake-client-id",
    clientSecret: options.clientSecret ?? "fake-client-secret",
    subscriptionKey: options.subscriptionKey ?? "fake-subscription-key",
  };
  /** By MSN and reference (paymentKey). */
  const payments = new Map<string, FakePayment>();
  /** One MSN's payment, or (no MSN) the first made with that reference, as the landing page finds it. */
  const find = (reference: string, msn?: string) =>
    msn === undefined
      ? [...payments.values()].find((payment) => payment.reference === reference)
      : payments.get(paymentKey(msn, reference));
  const webhooks: { id: string; msn: string; url: string; events: string[]; secret: string }[] = [];
  const tokens = new Set<string>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const sent: SentWebhook[] = [];
  /** Every create request's body as it arrived (JSON text), for the known-answer tests. */
  const createRequests: { msn: string; body: string }[] = [];
  /** Every adjustment call that changed money: the journeys check a capture was recorded. */
  const operations: { reference: string; kind: "capture" | "cancel" | "refund"; value: number }[] = [];
  const control = { down: false, deliver: options.deliver ?? true, dropWebhooks: false, tokenCalls: 0 };
  /**
   * The headers of every API call, as "HTTP headers" in the Vipps MobilePay docs lists them for all
   * requests: `Ocp-Apim-Subscription-Key`, `Merchant-Serial-Number`, and the system headers
   * `Vipps-System-Name`, `Vipps-System-Version`, `Vipps-System-Plugin-Name`, `Vipps-System-Plugin-Version`
   * (required for partners and plugins, which Torg is). The tests read them here.
   */
  const requests: { method: string; path: string; headers: Record<string, string | undefined> }[] = [];
  const RECORDED_HEADERS = [
    "authorization",
    "ocp-apim-subscription-key",
    "merchant-serial-number",
    "vipps-system-name",
    "vipps-system-version",
    "vipps-system-plugin-name",
    "vipps-system-plugin-version",
    "idempotency-key",
  ];

  const app = Fastify({ logger: false });
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
    done(null, body),
  );

  const problem = (reply: FastifyReply, status: number, title: string, detail = title) =>
    reply.status(status).type("application/problem+json").send({
      type: "https://developer.vippsmobilepay.com/docs/knowledge-base/errors",
      title,
      detail,
      status,
      traceId: randomUUID(),
    });

  function authorized(request: FastifyRequest) {
    const bearer = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    return (
      tokens.has(bearer) &&
      request.headers["ocp-apim-subscription-key"] === keys.subscriptionKey &&
      typeof request.headers["merchant-serial-number"] === "string"
    );
  }

  async function emit(payment: FakePayment, name: string, value: number, idempotencyKey: string | null) {
    const event = `epayments.payment.${name.toLowerCase()}.v1`;
    const body = JSON.stringify({
      msn: payment.msn,
      reference: payment.reference,
      pspReference: String(Date.now()) + randomBytes(3).toString("hex"),
      name,
      // The payload's `amount` ({ "currency", "value" }) is in the payment's currency.
      amount: { currency: payment.amount.currency, value },
      timestamp: new Date().toISOString(),
      idempotencyKey,
      success: true,
    });
    for (const hook of webhooks.filter(
      (entry) => entry.msn === payment.msn && entry.events.includes(event),
    )) {
      const url = new URL(hook.url);
      const date = new Date().toUTCString();
      const { contentHash, authorization } = vippsWebhookSignature({
        secret: hook.secret,
        pathAndQuery: url.pathname + url.search,
        date,
        host: url.host,
        body,
      });
      const message: SentWebhook = {
        url: hook.url,
        headers: {
          "content-type": "application/json",
          host: url.host,
          "x-ms-date": date,
          "x-ms-content-sha256": contentHash,
          authorization,
        },
        body,
      };
      sent.push(message);
      if (control.deliver && !control.dropWebhooks) {
        const { host: _host, ...headers } = message.headers;
        message.delivered = await fetch(hook.url, { method: "POST", headers, body })
          .then((response) => response.status)
          .catch(() => 0);
      }
    }
  }

  /** An adjustment with an `Idempotency-Key` answers the first result again and changes nothing. */
  async function once(
    request: FastifyRequest,
    reply: FastifyReply,
    work: () => Promise<{ status: number; body: unknown }>,
  ) {
    const key = request.headers["idempotency-key"];
    if (typeof key !== "string" || key.length === 0 || key.length > 50) {
      return problem(reply, 400, "Idempotency-Key is required");
    }
    // A key is the calling sales unit's own: another MSN's same key is another request.
    const slot = `${String(request.headers["merchant-serial-number"])} ${request.method} ${request.url} ${key}`;
    const earlier = idempotent.get(slot);
    const result = earlier ?? (await work());
    if (!earlier && result.status < 300) idempotent.set(slot, result);
    return reply.status(result.status).type("application/json").send(result.body);
  }

  const view = (payment: FakePayment) => ({
    aggregate: payment.aggregate,
    amount: payment.amount,
    state: payment.state,
    paymentMethod: { type: "WALLET" },
    profile: {},
    pspReference: payment.pspReference,
    reference: payment.reference,
    redirectUrl: landingUrl(payment.msn, payment.reference),
  });

  app.addHook("onRequest", async (request, reply) => {
    if (
      request.url.startsWith("/accesstoken/") ||
      request.url.startsWith("/epayment/") ||
      request.url.startsWith("/webhooks/")
    ) {
      const headers: Record<string, string | undefined> = {};
      for (const name of RECORDED_HEADERS) {
        const value = request.headers[name];
        headers[name] = Array.isArray(value) ? value.join(",") : value;
      }
      requests.push({ method: request.method, path: request.url.split("?")[0] ?? "", headers });
    }
    if (control.down && !request.url.startsWith("/landing") && request.url !== "/health") {
      return reply.status(503).send({ title: "Service Unavailable" });
    }
  });

  app.post("/accesstoken/get", async (request, reply) => {
    control.tokenCalls += 1;
    const h = request.headers;
    if (
      h.client_id !== keys.clientId ||
      h.client_secret !== keys.clientSecret ||
      h["ocp-apim-subscription-key"] !== keys.subscriptionKey
    ) {
      return reply.status(401).send({ error: "unauthorized_client" });
    }
    const token = randomBytes(24).toString("base64url");
    tokens.add(token);
    const now = Math.floor(Date.now() / 1000);
    return {
      token_type: "Bearer",
      expires_in: "3600",
      ext_expires_in: "3600",
      expires_on: String(now + 3600),
      not_before: String(now),
      resource: "00000002-0000-0000-c000-000000000000",
      access_token: token,
    };
  });

  app.post("/webhooks/v1/webhooks", async (request, reply) => {
    if (!authorized(request)) return problem(reply, 401, "Unauthorized");
    const body = request.body as { url?: string; events?: string[] };
    if (!body?.url || !Array.isArray(body.events)) return problem(reply, 400, "url and events are required");
    const hook = {
      id: randomUUID(),
      msn: String(request.headers["merchant-serial-number"]),
      url: body.url,
      events: body.events,
      secret: randomBytes(48).toString("base64"),
    };
    webhooks.push(hook);
    return reply.status(201).send({ id: hook.id, secret: hook.secret });
  });

  app.delete<{ Params: { id: string } }>("/webhooks/v1/webhooks/:id", async (request, reply) => {
    if (!authorized(request)) return problem(reply, 401, "Unauthorized");
    const index = webhooks.findIndex(
      (hook) => hook.id === request.params.id && hook.msn === request.headers["merchant-serial-number"],
    );
    if (index < 0) return problem(reply, 404, "Webhook not found");
    webhooks.splice(index, 1);
    return reply.status(204).send();
  });

  app.post("/epayment/v1/payments", async (request, reply) => {
    if (!authorized(request)) return problem(reply, 401, "Unauthorized");
    return once(request, reply, async () => {
      const msn = String(request.headers["merchant-serial-number"]);
      createRequests.push({ msn, body: JSON.stringify(request.body) });
      const read = readCreateRequest(request.body);
      if ("problem" in read) return { status: 400, body: { title: read.problem, status: 400 } };
      if (payments.has(paymentKey(msn, read.reference)))
        return { status: 409, body: { title: "Reference already used", status: 409 } };
      const payment: FakePayment = {
        msn,
        reference: read.reference,
        pspReference: randomBytes(8).toString("hex"),
        amount: nok(read.value),
        state: "CREATED",
        returnUrl: read.returnUrl,
        description: read.description,
        userFlow: read.userFlow,
        phoneNumber: read.phoneNumber,
        qrFormat: read.qrFormat,
        customerInteraction: read.customerInteraction,
        aggregate: {
          authorizedAmount: nok(),
          cancelledAmount: nok(),
          capturedAmount: nok(),
          refundedAmount: nok(),
        },
      };
      payments.set(paymentKey(msn, read.reference), payment);
      await emit(payment, "CREATED", payment.amount.value, null);
      return { status: 201, body: createAnswer(payment) };
    });
  });

  /**
   * `CreatePaymentResponse`: `redirectUrl` is the landing page, or for `QR` "a link to the QR image (or
   * the target URL)"; for `PUSH_MESSAGE` "Nothing will be returned" but the `reference` (the documented
   * `PushFlow` example). The fake's QR target is its landing page, standing in for the app the real
   * target opens.
   */
  function createAnswer(payment: FakePayment) {
    if (payment.userFlow === "PUSH_MESSAGE") return { reference: payment.reference };
    const query = landingQuery(payment.msn, payment.reference);
    if (payment.userFlow === "QR" && payment.qrFormat !== "TEXT/TARGETURL") {
      const format = payment.qrFormat === "IMAGE/PNG" ? "png" : "svg";
      return { redirectUrl: `${baseUrl()}/qr-image/${format}?${query}`, reference: payment.reference };
    }
    return { redirectUrl: landingUrl(payment.msn, payment.reference), reference: payment.reference };
  }

  /** The QR image a `QR` payment's `redirectUrl` links to, when an image format was asked for. */
  app.get<Landing & { Params: { format: string } }>("/qr-image/:format", async (request, reply) => {
    const payment = find(request.query.token ?? "", request.query.msn);
    if (payment?.state !== "CREATED") return reply.status(404).send("No such payment");
    const target = landingUrl(payment.msn, payment.reference);
    if (request.params.format === "png") return reply.type("image/png").send(await QRCode.toBuffer(target));
    return reply.type("image/svg+xml").send(await QRCode.toString(target, { type: "svg" }));
  });

  function paymentFor(request: FastifyRequest<{ Params: { reference: string } }>) {
    const msn = request.headers["merchant-serial-number"];
    return typeof msn === "string" ? payments.get(paymentKey(msn, request.params.reference)) : undefined;
  }

  app.get<{ Params: { reference: string } }>("/epayment/v1/payments/:reference", async (request, reply) => {
    if (!authorized(request)) return problem(reply, 401, "Unauthorized");
    const payment = paymentFor(request);
    return payment ? view(payment) : problem(reply, 404, "Payment not found");
  });

  type Adjust = FastifyRequest<{ Params: { reference: string }; Body: { modificationAmount?: Amount } }>;
  app.post("/epayment/v1/payments/:reference/capture", async (request: Adjust, reply) => {
    if (!authorized(request)) return problem(reply, 401, "Unauthorized");
    return once(request, reply, async () => {
      const payment = paymentFor(request);
      if (!payment) return { status: 404, body: { title: "Payment not found", status: 404 } };
      const value = request.body?.modificationAmount?.value ?? -1;
      const a = payment.aggregate;
      const capturable = a.authorizedAmount.value - a.capturedAmount.value - a.cancelledAmount.value;
      if (payment.state !== "AUTHORIZED" || !Number.isInteger(value) || value <= 0 || value > capturable) {
        return {
          status: 400,
          body: { title: "Capture amount too high", detail: `capturable ${capturable}`, status: 400 },
        };
      }
      a.capturedAmount.value += value;
      operations.push({ reference: payment.reference, kind: "capture", value });
      await emit(payment, "CAPTURED", value, String(request.headers["idempotency-key"]));
      return { status: 200, body: view(payment) };
    });
  });

  app.post("/epayment/v1/payments/:reference/cancel", async (request: Adjust, reply) => {
    if (!authorized(request)) return problem(reply, 401, "Unauthorized");
    return once(request, reply, async () => {
      const payment = paymentFor(request);
      if (!payment) return { status: 404, body: { title: "Payment not found", status: 404 } };
      const a = payment.aggregate;
      if (payment.state === "CREATED") {
        // The documented answer to a cancel before authorization: `"state": "TERMINATED"` with the whole
        // amount in `aggregate.cancelledAmount`.
        payment.state = "TERMINATED";
        a.cancelledAmount.value = payment.amount.value;
        operations.push({ reference: payment.reference, kind: "cancel", value: 0 });
        await emit(payment, "TERMINATED", payment.amount.value, String(request.headers["idempotency-key"]));
      } else if (payment.state === "AUTHORIZED" && a.capturedAmount.value === 0) {
        a.cancelledAmount.value = a.authorizedAmount.value;
        operations.push({ reference: payment.reference, kind: "cancel", value: a.cancelledAmount.value });
        await emit(payment, "CANCELLED", a.cancelledAmount.value, String(request.headers["idempotency-key"]));
      } else {
        return { status: 400, body: { title: "Payment cannot be cancelled", status: 400 } };
      }
      return { status: 200, body: view(payment) };
    });
  });

  app.post("/epayment/v1/payments/:reference/refund", async (request: Adjust, reply) => {
    if (!authorized(request)) return problem(reply, 401, "Unauthorized");
    return once(request, reply, async () => {
      const payment = paymentFor(request);
      if (!payment) return { status: 404, body: { title: "Payment not found", status: 404 } };
      const value = request.body?.modificationAmount?.value ?? -1;
      const a = payment.aggregate;
      const refundable = a.capturedAmount.value - a.refundedAmount.value;
      if (!Number.isInteger(value) || value <= 0 || value > refundable) {
        return { status: 400, body: { title: "Refund amount too high", status: 400 } };
      }
      a.refundedAmount.value += value;
      operations.push({ reference: payment.reference, kind: "refund", value });
      await emit(payment, "REFUNDED", value, String(request.headers["idempotency-key"]));
      return { status: 200, body: view(payment) };
    });
  });

  type Landing = { Querystring: { token?: string; msn?: string } };

  /** "EXPIRED: The user did not act on the payment within the payment expiration time." */
  async function expire(reference: string, msn?: string) {
    const payment = find(reference, msn);
    if (payment?.state === "CREATED") {
      payment.state = "EXPIRED";
      await emit(payment, "EXPIRED", payment.amount.value, null);
    }
  }

  /** What the shopper does in the Vipps app: approve (AUTHORIZED) or reject (ABORTED). */
  async function decide(reference: string, approve: boolean, msn?: string) {
    const payment = find(reference, msn);
    if (payment?.state !== "CREATED") return payment;
    if (approve) {
      payment.state = "AUTHORIZED";
      payment.aggregate.authorizedAmount = { ...payment.amount };
      await emit(payment, "AUTHORIZED", payment.amount.value, null);
    } else {
      payment.state = "ABORTED";
      await emit(payment, "ABORTED", payment.amount.value, null);
    }
    return payment;
  }

  app.get<Landing>("/landing", async (request, reply) => {
    const payment = find(request.query.token ?? "", request.query.msn);
    if (!payment) return reply.status(404).type("text/html").send("<h1>No such payment</h1>");
    return reply.type("text/html; charset=utf-8").send(
      decisionPage({
        title: "Pay with Vipps",
        brand: "Vipps (test)",
        colour: "#FF5B24",
        description: payment.description,
        amountOre: payment.amount.value,
        approveAction: `/landing/approve?${landingQuery(payment.msn, payment.reference)}`,
        rejectAction: `/landing/reject?${landingQuery(payment.msn, payment.reference)}`,
        approveLabel: "Approve",
        rejectLabel: "Reject",
      }),
    );
  });
  for (const [path, approve] of [
    ["/landing/approve", true],
    ["/landing/reject", false],
  ] as const) {
    app.post<Landing>(path, async (request, reply) => {
      const payment = await decide(request.query.token ?? "", approve, request.query.msn);
      if (!payment) return reply.status(404).send("No such payment");
      // The stall's flows have no returnUrl: the app shows its own receipt.
      if (!payment.returnUrl) {
        return reply.type("text/html; charset=utf-8").send(`<h1>${approve ? "Paid" : "Cancelled"}</h1>`);
      }
      return reply.redirect(payment.returnUrl, 303);
    });
  }

  /**
   * "Force approve a payment" (`POST /epayment/v1/test/payments/{reference}/approve`, test environment
   * only): approves "without the use of the Vipps or MobilePay app" for automated tests.
   */
  app.post<{ Params: { reference: string } }>(
    "/epayment/v1/test/payments/:reference/approve",
    async (request, reply) => {
      if (!authorized(request)) return problem(reply, 401, "Unauthorized");
      const payment = paymentFor(request);
      if (!payment) return problem(reply, 404, "Payment not found");
      if (payment.state !== "CREATED") return problem(reply, 400, "Payment is not awaiting approval");
      await decide(payment.reference, true, payment.msn);
      return reply.status(200).send();
    },
  );

  /** What a phone's Vipps app shows: the push payments waiting for it (not a Vipps API). */
  app.get<{ Querystring: { phoneNumber?: string } }>("/_fake/push-inbox", async (request) =>
    [...payments.values()]
      .filter((payment) => payment.userFlow === "PUSH_MESSAGE" && payment.state === "CREATED")
      .filter((payment) => payment.phoneNumber === request.query.phoneNumber)
      .map((payment) => ({
        reference: payment.reference,
        msn: payment.msn,
        amount: payment.amount,
        description: payment.description,
        url: landingUrl(payment.msn, payment.reference),
      })),
  );
  /** The shopper let the payment time out (state EXPIRED), for the browser journeys (not a Vipps API). */
  app.post<Landing>("/_fake/expire", async (request, reply) => {
    const payment = find(request.query.token ?? "", request.query.msn);
    if (!payment) return reply.status(404).send("No such payment");
    await expire(payment.reference, payment.msn);
    return { state: payment.state };
  });

  app.get("/health", async () => ({ ok: true }));
  /** What money moved, for the browser journeys (not a Vipps API). */
  app.get("/_fake/operations", async () => operations);

  await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
  const baseUrl = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  /** The landing page's address names the payment's reference (`token`) and its sales unit. */
  const landingQuery = (msn: string, reference: string) => new URLSearchParams({ token: reference, msn });
  const landingUrl = (msn: string, reference: string) =>
    `${baseUrl()}/landing?${landingQuery(msn, reference)}`;

  return {
    url: baseUrl(),
    keys,
    payments,
    webhooks,
    sent,
    operations,
    requests,
    createRequests,
    control,
    /** One MSN's payment by its reference, or (no MSN) the first made with it. */
    payment: find,
    approve: (reference: string, msn?: string) => decide(reference, true, msn),
    reject: (reference: string, msn?: string) => decide(reference, false, msn),
    /** The payment timed out in the app (state EXPIRED). */
    expire,
    close: () => app.close(),
  };
}

export type FakeVipps = Awaited<ReturnType<typeof startFakeVipps>>;

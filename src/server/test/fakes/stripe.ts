import { createHmac, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import { decisionPage } from "./page";

/**
 * A local stand-in for the Stripe API subset Torg uses (decision 0035): Checkout Sessions (create,
 * retrieve, expire), Refunds (create, list) on a connected account (`Stripe-Account`), form-encoded
 * bodies as the API takes them, `Idempotency-Key` replaying the first answer, and webhook events POSTed
 * with `Stripe-Signature: t={unix time},v1={hex HMAC-SHA256 of "{t}.{raw body}" keyed with the
 * endpoint secret}`, as Stripe's webhook documentation describes. Its page pays or cancels a session.
 */
export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where events are POSTed (Torg's /api/payments/stripe/webhook); without it they stay in `sent`. */
  webhookUrl?: string;
  port?: number;
}

interface Session {
  id: string;
  object: "checkout.session";
  account: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  expires_at: number;
  url: string | null;
  line_items: { name: string; unit_amount: number; quantity: number }[];
}
interface Refund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  account: string;
}

/** Stripe's documented webhook signature scheme (`Stripe-Signature`). */
export function stripeSignature(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** `a[b][0][c]=1` (Stripe's form encoding of nested parameters) → { a: { b: [{ c: "1" }] } }. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? "");
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const secretKey = options.secretKey ?? "sk_test_fake";
  const webhookSecret = options.webhookSecret ?? "whsec_fake";
  const sessions = new Map<string, Session>();
  const refunds: Refund[] = [];
  const idempotent = new Map<string, unknown>();
  const sent: { type: string; body: string; signature: string; delivered?: number }[] = [];
  const control = { down: false, webhookUrl: options.webhookUrl, dropWebhooks: false };

  const app = Fastify({ logger: false });
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
    done(null, body ? parseStripeForm(body as string) : {}),
  );

  const error = (reply: FastifyReply, status: number, message: string) =>
    reply.status(status).send({ error: { type: "invalid_request_error", message } });

  function account(request: FastifyRequest) {
    const value = request.headers["stripe-account"];
    return typeof value === "string" ? value : undefined;
  }

  /**
   * Every object here lives on a connected account, so every event is a Connect event: "each event for
   * a connected account contains a top-level `account` property that identifies the connected account"
   * (Connect webhooks).
   */
  async function emit(type: string, object: unknown, accountId: string) {
    const body = JSON.stringify({
      id: id("evt"),
      object: "event",
      account: accountId,
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const signature = stripeSignature(webhookSecret, body);
    const message: (typeof sent)[number] = { type, body, signature };
    sent.push(message);
    if (control.webhookUrl && !control.dropWebhooks) {
      message.delivered = await fetch(control.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      })
        .then((response) => response.status)
        .catch(() => 0);
    }
  }

  const publicSession = ({ line_items: _lines, account: _account, ...session }: Session) => session;

  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith("/pay/") || request.url === "/health" || request.url.startsWith("/_fake/"))
      return;
    if (control.down) return error(reply, 503, "Service unavailable");
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return error(reply, 401, "Invalid API Key provided");
  });

  app.post("/v1/checkout/sessions", async (request, reply) => {
    const accountId = account(request);
    if (!accountId) return error(reply, 400, "Stripe-Account is required for a connected account");
    const key = request.headers["idempotency-key"];
    const slot = typeof key === "string" ? `${accountId}:${key}` : undefined;
    if (slot && idempotent.has(slot)) return idempotent.get(slot);
    const body = request.body as Record<string, unknown>;
    const lines = (body.line_items as Record<string, Record<string, unknown>>[] | undefined) ?? [];
    if (body.mode !== "payment" || lines.length === 0 || !body.success_url) {
      return error(reply, 400, "mode=payment, line_items and success_url are required");
    }
    const parsed = lines.map((line) => {
      const price = line.price_data as Record<string, unknown> & { product_data?: { name?: string } };
      return {
        name: String(price?.product_data?.name ?? ""),
        unit_amount: Number(price?.unit_amount),
        quantity: Number(line.quantity),
        currency: String(price?.currency ?? ""),
      };
    });
    // `currency`: "Three-letter ISO currency code, in lowercase", one for the whole session.
    const currency = parsed[0]?.currency ?? "";
    if (
      !/^[a-z]{3}$/.test(currency) ||
      parsed.some(
        (line) => line.currency !== currency || !Number.isInteger(line.unit_amount) || line.unit_amount < 0,
      )
    ) {
      return error(reply, 400, "Invalid price_data");
    }
    const sessionId = id("cs");
    const session: Session = {
      id: sessionId,
      object: "checkout.session",
      account: accountId,
      status: "open",
      payment_status: "unpaid",
      amount_total: parsed.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0),
      currency,
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      success_url: String(body.success_url),
      cancel_url: String(body.cancel_url ?? body.success_url),
      payment_intent: null,
      expires_at: Number(body.expires_at ?? Math.floor(Date.now() / 1000) + 86_400),
      url: `${baseUrl()}/pay/${sessionId}`,
      line_items: parsed,
    };
    sessions.set(sessionId, session);
    const answer = publicSession(session);
    if (slot) idempotent.set(slot, answer);
    return answer;
  });

  function sessionFor(request: FastifyRequest<{ Params: { id: string } }>) {
    const session = sessions.get(request.params.id);
    return session && session.account === account(request) ? session : undefined;
  }

  app.get<{ Params: { id: string } }>("/v1/checkout/sessions/:id", async (request, reply) => {
    const session = sessionFor(request);
    return session ? publicSession(session) : error(reply, 404, "No such checkout.session");
  });

  async function expire(session: Session) {
    session.status = "expired";
    session.url = null;
    await emit("checkout.session.expired", publicSession(session), session.account);
  }

  app.post<{ Params: { id: string } }>("/v1/checkout/sessions/:id/expire", async (request, reply) => {
    const session = sessionFor(request);
    if (!session) return error(reply, 404, "No such checkout.session");
    if (session.status !== "open") return error(reply, 400, "Only open sessions can be expired");
    await expire(session);
    return publicSession(session);
  });

  app.get<{ Querystring: { payment_intent?: string } }>("/v1/refunds", async (request) => ({
    object: "list",
    url: "/v1/refunds",
    has_more: false,
    data: refunds
      .filter(
        (refund) =>
          refund.payment_intent === request.query.payment_intent && refund.account === account(request),
      )
      .map(({ account: _account, ...refund }) => refund),
  }));

  app.post("/v1/refunds", async (request, reply) => {
    const accountId = account(request);
    const key = request.headers["idempotency-key"];
    const slot = typeof key === "string" ? `${accountId}:${key}` : undefined;
    if (slot && idempotent.has(slot)) return idempotent.get(slot);
    const body = request.body as { payment_intent?: string; amount?: string };
    const session = [...sessions.values()].find(
      (entry) => entry.payment_intent === body.payment_intent && entry.account === accountId,
    );
    if (!session) return error(reply, 404, "No such payment_intent");
    const already = refunds.filter((refund) => refund.payment_intent === body.payment_intent);
    const left = session.amount_total - already.reduce((sum, refund) => sum + refund.amount, 0);
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      return error(reply, 400, `Refund amount (${amount}) is greater than the unrefunded amount (${left})`);
    }
    const refund: Refund = {
      id: id("re"),
      object: "refund",
      amount,
      currency: session.currency,
      payment_intent: session.payment_intent ?? "",
      status: "succeeded",
      account: session.account,
    };
    refunds.push(refund);
    const refunded = session.amount_total - left + amount;
    await emit(
      "charge.refunded",
      {
        id: id("ch"),
        object: "charge",
        amount: session.amount_total,
        amount_refunded: refunded,
        currency: session.currency,
        refunded: refunded === session.amount_total,
        payment_intent: session.payment_intent,
      },
      session.account,
    );
    const { account: _account, ...answer } = refund;
    if (slot) idempotent.set(slot, answer);
    return answer;
  });

  /** What the shopper does on Stripe's page: pay (complete, paid) or go back (nothing changes). */
  async function pay(sessionId: string) {
    const session = sessions.get(sessionId);
    if (session?.status !== "open") return session;
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = id("pi");
    session.url = null;
    await emit("checkout.session.completed", publicSession(session), session.account);
    return session;
  }

  app.get<{ Params: { id: string } }>("/pay/:id", async (request, reply) => {
    const session = sessions.get(request.params.id);
    if (session?.status !== "open")
      return reply.status(404).type("text/html").send("<h1>No such session</h1>");
    return reply.type("text/html; charset=utf-8").send(
      decisionPage({
        title: "Pay by card",
        brand: "Stripe Checkout (test)",
        colour: "#635BFF",
        description: session.line_items.map((line) => `${line.quantity} × ${line.name}`).join(", "),
        amountOre: session.amount_total,
        approveAction: `/pay/${session.id}/pay`,
        rejectAction: `/pay/${session.id}/cancel`,
        approveLabel: "Pay",
        rejectLabel: "Cancel",
      }),
    );
  });
  app.post<{ Params: { id: string } }>("/pay/:id/pay", async (request, reply) => {
    const session = await pay(request.params.id);
    if (!session) return reply.status(404).send("No such session");
    return reply.redirect(session.success_url, 303);
  });
  app.post<{ Params: { id: string } }>("/pay/:id/cancel", async (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session) return reply.status(404).send("No such session");
    return reply.redirect(session.cancel_url, 303);
  });

  app.get("/health", async () => ({ ok: true }));
  /** What was refunded, for the browser journeys (not a Stripe API). */
  app.get("/_fake/refunds", async () => refunds);
  /** One session as the fake holds it (its `payment_intent` once paid), for the journeys (not a Stripe API). */
  app.get<{ Params: { id: string } }>("/_fake/sessions/:id", async (request, reply) => {
    const session = sessions.get(request.params.id);
    return session ?? reply.status(404).send({ error: { message: "No such checkout.session" } });
  });

  await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
  const baseUrl = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  return {
    url: baseUrl(),
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    sent,
    control,
    pay,
    async expire(sessionId: string) {
      const session = sessions.get(sessionId);
      if (session?.status === "open") await expire(session);
    },
    close: () => app.close(),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";
import type { FakePayment } from "./vipps-create";

/**
 * The fake Vipps' side of the stall's flows (decision 0077): what a QR or push payment's create answers,
 * the QR image an image `qrFormat` links to, and the controls the journeys use in place of a phone: the
 * push inbox of a number and an expiry. The last two are not Vipps APIs.
 */
export interface StallFakeContext {
  payments: Map<string, FakePayment>;
  find(reference: string, msn?: string): FakePayment | undefined;
  expire(reference: string, msn?: string): Promise<void>;
  baseUrl(): string;
  landingQuery(msn: string, reference: string): URLSearchParams;
}

type Landing = { Querystring: { token?: string; msn?: string } };

export function registerStallControls(app: FastifyInstance, fake: StallFakeContext) {
  const landingUrl = (payment: FakePayment) =>
    `${fake.baseUrl()}/landing?${fake.landingQuery(payment.msn, payment.reference)}`;

  /** The QR image a `QR` payment's `redirectUrl` links to, when an image format was asked for. */
  app.get<Landing & { Params: { format: string } }>("/qr-image/:format", async (request, reply) => {
    const payment = fake.find(request.query.token ?? "", request.query.msn);
    if (payment?.state !== "CREATED") return reply.status(404).send("No such payment");
    const target = landingUrl(payment);
    if (request.params.format === "png") return reply.type("image/png").send(await QRCode.toBuffer(target));
    return reply.type("image/svg+xml").send(await QRCode.toString(target, { type: "svg" }));
  });

  /** What a phone's Vipps app shows: the push payments waiting for it. */
  app.get<{ Querystring: { phoneNumber?: string } }>("/_fake/push-inbox", async (request) =>
    [...fake.payments.values()]
      .filter((payment) => payment.userFlow === "PUSH_MESSAGE" && payment.state === "CREATED")
      .filter((payment) => payment.phoneNumber === request.query.phoneNumber)
      .map((payment) => ({
        reference: payment.reference,
        msn: payment.msn,
        amount: payment.amount,
        description: payment.description,
        url: landingUrl(payment),
      })),
  );

  /** The shopper let the payment time out (state EXPIRED), for the browser journeys. */
  app.post<Landing>("/_fake/expire", async (request, reply) => {
    const payment = fake.find(request.query.token ?? "", request.query.msn);
    if (!payment) return reply.status(404).send("No such payment");
    await fake.expire(payment.reference, payment.msn);
    return { state: payment.state };
  });

  return {
    /**
     * `CreatePaymentResponse`: `redirectUrl` is the landing page, or for `QR` "a link to the QR image (or
     * the target URL)"; for `PUSH_MESSAGE` "Nothing will be returned" but the `reference` (the documented
     * `PushFlow` example). The fake's QR target is its landing page, standing in for the app the real
     * target opens.
     */
    createAnswer(payment: FakePayment) {
      if (payment.userFlow === "PUSH_MESSAGE") return { reference: payment.reference };
      if (payment.userFlow === "QR" && payment.qrFormat !== "TEXT/TARGETURL") {
        const format = payment.qrFormat === "IMAGE/PNG" ? "png" : "svg";
        const query = fake.landingQuery(payment.msn, payment.reference);
        return { redirectUrl: `${fake.baseUrl()}/qr-image/${format}?${query}`, reference: payment.reference };
      }
      return { redirectUrl: landingUrl(payment), reference: payment.reference };
    },
  };
}

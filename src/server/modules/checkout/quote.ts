import type { FastifyBaseLogger } from "fastify";
import { fromOre, toOre } from "../../../shared/money";
import type { OrderQuote, QuoteOrderInput } from "../../../shared/order";
import type { Language } from "../../../shared/preferences";
import type { Carriers } from "../../adapters/carriers";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { enforceQuota, HOUR_MS } from "../../lib/rate-limit";
import { countCarrierQuestion, priceCarrierDelivery } from "../shipping";
import { readFactsFor } from "./batcher";
import { priceRequestOf } from "./place-order";
import { priceCheckout } from "./price";

/**
 * Quotes that carry a discount or gift card code, per client address and hour. Each one tells whether a
 * code exists (and a card's balance), so an address trying codes without end would be guessing them; a
 * shopper typing a code, changing the cart and the delivery a few dozen times stays far below it, as does
 * a household or an office behind one address. Quotes without a code tell nothing and are not counted.
 */
export const QUOTES_WITH_CODE_PER_IP_PER_HOUR = 120;

/**
 * POST /api/orders/quote (decision 0076): what the order would cost, priced by the checkout's own
 * priceCheckout from the same one read of facts, and nothing written. Refused as the checkout would
 * refuse it (why a code does not apply), except that a quote needs no delivery chosen nor address given.
 */
export async function quoteOrder(
  deps: { config: Config; database: Database; carriers: Carriers },
  input: QuoteOrderInput,
  language: Language,
  client: { ip: string; log: FastifyBaseLogger },
): Promise<OrderQuote> {
  if (input.discountCode || input.giftCardCode) {
    await enforceQuota(deps.database.db, {
      key: `quote:ip:${client.ip}`,
      limit: QUOTES_WITH_CODE_PER_IP_PER_HOUR,
      windowMs: HOUR_MS,
      messageKey: "tooManyCodeChecks",
      address: { ...client, trustProxy: deps.config.trustProxy },
    });
  }
  // A carrier's service is priced as the order will price it (decision 0079): the total shown is the
  // total charged. Its point is not asked yet; the carrier's answer is normally the one just shown.
  let carrierDelivery = null;
  if (input.shipping) {
    await countCarrierQuestion(deps.database.db, deps.config, client);
    carrierDelivery = await priceCarrierDelivery(
      { db: deps.database.db, carriers: deps.carriers },
      {
        storeId: input.storeId,
        items: input.items,
        choice: input.shipping,
        postalCode: input.postalCode,
        language,
        stage: "quote",
      },
    );
  }
  const request = priceRequestOf(input, language, "quote", carrierDelivery);
  const pricing = priceCheckout(request, await readFactsFor(deps.database, [request]));
  if (!pricing.ok) throw pricing.refusal;
  const { order } = pricing;
  return {
    subtotal: order.subtotal,
    discount: order.discountTotal,
    delivery: order.delivery?.price ?? "0.00",
    giftCard: order.giftCardTotal,
    total: order.totalGross,
    vat: order.vat,
    discountCode: order.discount?.code ?? null,
    freeDelivery: Boolean(order.discount?.freeDelivery && order.delivery),
    giftCardBalance: order.giftCard ? fromOre(order.giftCard.balanceOre - toOre(order.giftCardTotal)) : null,
  };
}

import {
  type CreateSaleInput,
  isVippsMethod,
  OFFLINE_PAYMENT_METHODS,
  type SaleView,
} from "../../../shared/market";
import { ApiError, apiJson } from "../../lib/api";
import { queuedSale } from "./offline/queue";
import {
  currentUserId,
  flushMarketQueue,
  listsChanged,
  marketOfflineStorage,
  sendResultOf,
  startMarketSync,
} from "./offline/sync";

/**
 * What became of a sale the screen made: sent and answered by the server, or kept on the phone to be sent
 * when the network returns (cash and card-terminal sales only; Vipps needs the network).
 */
export type SaleOutcome = { kind: "sent"; sale: SaleView } | { kind: "queued"; clientSaleId: string };

/**
 * A Vipps sale tried without the network: Vipps asks the shopper's phone through Vipps' servers, so it
 * cannot be queued. `messageKey` is the text to show (src/web/locales/market-offline).
 */
export class VippsNeedsNetworkError extends Error {
  readonly messageKey = "marketOffline.vippsNeedsNetwork";
  constructor() {
    super("Vipps needs the network. Take cash or the card terminal, or try again when the phone is online.");
    this.name = "VippsNeedsNetworkError";
  }
}

/** The phone could not keep the sale (storage refused): nothing was sent and nothing kept. */
export class SaleNotKeptError extends Error {
  readonly messageKey = "marketOffline.notKept";
  constructor(cause: unknown) {
    super("The sale could not be kept on this phone, and the network is away.", { cause });
    this.name = "SaleNotKeptError";
  }
}

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/**
 * Sends a stall sale. The screen calls only this; the offline queue (decision 0077) lives behind it.
 * Online, it is sent at once, after any older sales still in the queue (the stock is taken in the order
 * things were sold; if those cannot go, it is queued behind them). Without the network, or without an
 * answer, a cash or card-terminal sale is kept on the phone and answered `queued`. The server's refusal
 * (409 sold out, 400 a code that does not apply) is thrown as the ApiError it is; a Vipps sale offline
 * throws VippsNeedsNetworkError.
 */
export async function sendSale(storeId: string, sale: CreateSaleInput): Promise<SaleOutcome> {
  startMarketSync();
  const method = sale.payment.method;
  const queueable = !isVippsMethod(method) && OFFLINE_PAYMENT_METHODS.includes(method);
  if (!queueable && isOffline()) throw new VippsNeedsNetworkError();
  const userId = currentUserId();
  const queuedBefore = async () =>
    queueable && userId !== null
      ? (await marketOfflineStorage.listQueued().catch(() => [])).some((entry) => entry.userId === userId)
      : false;
  let waiting = await queuedBefore();
  // Older sales first: online, they are sent now, and this one goes straight after them if they went.
  if (waiting && !isOffline()) {
    await flushMarketQueue(true);
    waiting = await queuedBefore();
  }
  if (!queueable || userId === null || (!isOffline() && !waiting)) {
    try {
      const answer = await apiJson<SaleView>(
        "POST",
        `/api/stores/${encodeURIComponent(storeId)}/sales`,
        sale,
      );
      return { kind: "sent", sale: answer };
    } catch (error) {
      // A refusal or an ended session is the screen's to show; only "no answer" is queued.
      if (!queueable || userId === null || sendResultOf(error).kind !== "unreachable") {
        if (!queueable && !(error instanceof ApiError)) throw new VippsNeedsNetworkError();
        throw error;
      }
    }
  }
  if (userId === null) throw new SaleNotKeptError(undefined);
  await keep(storeId, userId, sale);
  if (!isOffline()) void flushMarketQueue(true);
  return { kind: "queued", clientSaleId: sale.clientSaleId };
}

async function keep(storeId: string, userId: string, sale: CreateSaleInput): Promise<void> {
  try {
    const saved = await marketOfflineStorage.readCatalogue(storeId);
    const catalogue = saved?.userId === userId ? saved.catalogue : undefined;
    await marketOfflineStorage.addQueued(queuedSale({ storeId, userId, sale, catalogue, now: new Date() }));
  } catch (error) {
    throw new SaleNotKeptError(error);
  }
  await listsChanged();
}

import type { CreateSaleInput, SaleView } from "../../../shared/market";
import { apiJson } from "../../lib/api";

/**
 * What became of a sale the screen made: sent and answered by the server, or kept on the phone to be sent
 * when the network returns (cash and card-terminal sales only; Vipps needs the network).
 */
export type SaleOutcome = { kind: "sent"; sale: SaleView } | { kind: "queued"; clientSaleId: string };

/**
 * Sends a stall sale. The screen calls only this; the offline queue (decision 0077) lives behind it. A
 * refusal (409 sold out, 400 a code that does not apply) is thrown as the ApiError it is.
 */
export async function sendSale(storeId: string, sale: CreateSaleInput): Promise<SaleOutcome> {
  const answer = await apiJson<SaleView>("POST", `/api/stores/${encodeURIComponent(storeId)}/sales`, sale);
  return { kind: "sent", sale: answer };
}

import { randomUUID } from "node:crypto";
import type { CreateSaleInput, SaleView } from "../../../shared/market";
import type { Agent } from "../../test/harness";

/** A sale body the tests adjust: one cash sale of `items`, sold now, with a fresh client id. */
export function saleBody(
  items: CreateSaleInput["items"],
  fields: Partial<Omit<CreateSaleInput, "items">> & Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    clientSaleId: randomUUID(),
    soldAt: new Date().toISOString(),
    items,
    payment: { method: "cash" },
    ...fields,
  };
}

/** POSTs a stall sale as the store's seller (the market screen's request); the raw answer. */
export function postSale(agent: Agent, storeId: string, body: Record<string, unknown>) {
  return agent.post(`/api/stores/${storeId}/sales`, body);
}

/**
 * Records a stall sale through the API and answers its view (decision 0077): a cash sale of `items`
 * unless `fields` say otherwise. Throws with the answer when it was not recorded, so a test that needs a
 * sale fails where the sale did.
 */
export async function createStallSale(
  agent: Agent,
  storeId: string,
  items: CreateSaleInput["items"],
  fields: Partial<Omit<CreateSaleInput, "items">> & Record<string, unknown> = {},
): Promise<SaleView> {
  const response = await postSale(agent, storeId, saleBody(items, fields));
  if (response.statusCode !== 201)
    throw new Error(`stall sale failed: ${response.statusCode} ${response.body}`);
  return response.json() as SaleView;
}

import { giftCards } from "../../db/schema";
import type { TestApp } from "../../test/harness";
import { newGiftCardCode } from "./issue";

/** A fresh, unused gift card of the store, as a paid order would have made it (decision 0076): its id. */
export async function giftCardOf(t: TestApp, storeId: string): Promise<string> {
  const [card] = await t.database.db
    .insert(giftCards)
    .values({
      storeId,
      code: newGiftCardCode(),
      initialAmount: "500.00",
      balance: "500.00",
      expiresAt: new Date(Date.now() + 365 * 86_400_000),
    })
    .returning({ id: giftCards.id });
  return card?.id ?? "";
}

import { randomInt } from "node:crypto";
import { GIFT_CARD_ALPHABET, GIFT_CARD_RANDOM_SYMBOLS, giftCardCheckSymbol } from "../../../shared/gift-card";
import { giftCards } from "../../db/schema";
import type { TestApp } from "../../test/harness";

/** A fresh, unused gift card of the store, as a paid order would have made it (decision 0076): its id. */
export async function giftCardOf(t: TestApp, storeId: string): Promise<string> {
  let payload = "";
  for (let n = 0; n < GIFT_CARD_RANDOM_SYMBOLS; n++) payload += GIFT_CARD_ALPHABET[randomInt(32)];
  const [card] = await t.database.db
    .insert(giftCards)
    .values({
      storeId,
      code: payload + giftCardCheckSymbol(payload),
      initialAmount: "500.00",
      balance: "500.00",
      expiresAt: new Date(Date.now() + 365 * 86_400_000),
    })
    .returning({ id: giftCards.id });
  return card?.id ?? "";
}

import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { vippsWebhooks } from "../../db/schema";

/** The secret of the Vipps webhook registered for a merchant serial number (decision 0034). */
export function vippsSecretFor(db: Db) {
  return async (msn: string) => {
    const [row] = await db
      .select({ secret: vippsWebhooks.secret })
      .from(vippsWebhooks)
      .where(eq(vippsWebhooks.msn, msn));
    return row?.secret;
  };
}

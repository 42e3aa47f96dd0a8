import { and, desc, eq } from "drizzle-orm";
import { smsLog } from "../../db/schema";
import type { Agent, TestApp } from "../../test/harness";

/** The code in the last verification text the (log) provider wrote for a store, as a seller reads it on the phone. */
export async function lastPhoneCode(t: TestApp, storeId: string): Promise<string> {
  await t.app.smsOutbox.drain();
  const [log] = await t.database.db
    .select()
    .from(smsLog)
    .where(
      and(eq(smsLog.storeId, storeId), eq(smsLog.purpose, "phone_verification"), eq(smsLog.status, "logged")),
    )
    .orderBy(desc(smsLog.createdAt))
    .limit(1);
  const code = log?.message.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no verification code was texted for store ${storeId}`);
  return code;
}

/** Proves the store's phone the way a seller does: asks for a code, reads it, types it in. */
export async function verifyStorePhone(t: TestApp, agent: Agent, storeId: string) {
  const sent = await agent.post(`/api/stores/${storeId}/phone-verification`);
  if (sent.statusCode !== 202) throw new Error(`sending a code failed: ${sent.statusCode} ${sent.body}`);
  const code = await lastPhoneCode(t, storeId);
  const confirmed = await agent.post(`/api/stores/${storeId}/phone-verification/confirm`, { code });
  if (confirmed.statusCode !== 200)
    throw new Error(`verifying failed: ${confirmed.statusCode} ${confirmed.body}`);
  return confirmed.json() as { phoneVerified: boolean };
}

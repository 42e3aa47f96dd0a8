import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { serverSecrets } from "../db/schema";

/** The secrets each database holds, read once per process: they never change once made. */
const kept = new WeakMap<object, Map<string, Promise<Buffer>>>();

/**
 * A random key of 32 bytes that every app server on this database shares (decision 0016: they are
 * stateless, so the key lives in the database, not in one server's memory or configuration). The first
 * server to ask makes it; one that asks at the same moment finds the row the other wrote. It moves with
 * a backup or a move to PostgreSQL like any other row, so what was signed with it stays valid.
 */
export function serverSecret(db: DbOrTx, name: string): Promise<Buffer> {
  const secrets = kept.get(db) ?? new Map<string, Promise<Buffer>>();
  kept.set(db, secrets);
  let secret = secrets.get(name);
  if (!secret) {
    secret = readOrMake(db, name);
    // A failed read (the database away) is not kept: the next request asks again.
    secret.catch(() => secrets.delete(name));
    secrets.set(name, secret);
  }
  return secret;
}

async function readOrMake(db: DbOrTx, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} was neither found nor made`);
  return Buffer.from(row.value, "base64");
}

import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { DbOrTx } from "../db/client";
import { serverSecret } from "./server-secret";

/**
 * A seller's secret for an outside service (a carrier's API key, decision 0079), kept sealed in the
 * database: AES-256-GCM under a key every app server shares (serverSecret), so a copy of one row, a log
 * line or a backup read without that key gives nothing away, and a changed byte is refused, not misread.
 * Sealed text: "v1." then base64url of the 12-byte nonce, the 16-byte tag and the ciphertext.
 */
const KEY_NAME = "sealed-secrets";
const VERSION = "v1";

export async function seal(db: DbOrTx, plaintext: string): Promise<string> {
  const key = await serverSecret(db, KEY_NAME);
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** The plaintext, or an Error when the text was not sealed by this database's key or was changed. */
export async function unseal(db: DbOrTx, sealed: string): Promise<string> {
  const [version, packed] = sealed.split(".");
  if (version !== VERSION || !packed) throw new Error("not a sealed secret");
  const bytes = Buffer.from(packed, "base64url");
  const key = await serverSecret(db, KEY_NAME);
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}

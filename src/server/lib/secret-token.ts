import { createHash, randomBytes } from "node:crypto";

/**
 * The bearer tokens Torg hands out (session cookies, one-time links): 32 random bytes, and only their
 * sha256 is stored, so a copy of the database opens nothing.
 */
export const newSecretToken = () => randomBytes(32).toString("base64url");

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createTestDatabase } from "../test/harness";
import { seal, unseal } from "./sealed-secret";

describe("sealed secrets", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("opens what it sealed, and never holds the plaintext", async () => {
    const sealed = await seal(database.db, "mybring-api-key-123");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("mybring");
    expect(await unseal(database.db, sealed)).toBe("mybring-api-key-123");
  });

  it("seals the same secret differently each time", async () => {
    expect(await seal(database.db, "same")).not.toBe(await seal(database.db, "same"));
  });

  it("refuses a changed byte and text it did not seal", async () => {
    const sealed = await seal(database.db, "secret");
    // A byte changed, not a character: base64url's last character may carry bits no byte keeps.
    const bytes = Buffer.from(sealed.slice("v1.".length), "base64url");
    for (const at of [0, 12, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = (changed[at] ?? 0) ^ 0x01;
      await expect(unseal(database.db, `v1.${changed.toString("base64url")}`)).rejects.toThrow();
    }
    await expect(unseal(database.db, "plain-text-key")).rejects.toThrow("not a sealed secret");
  });
});

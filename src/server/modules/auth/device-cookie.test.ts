import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE_PREFIX, DeviceCookies } from "./device-cookie";

const DAY_MS = 24 * 60 * 60 * 1000;
const devices = new DeviceCookies(randomBytes(32));
const jar = (cookie: { name: string; value: string }) => ({ [cookie.name]: cookie.value });

describe("device cookies (decision 0057)", () => {
  it("are read back for the account they were issued to, whatever the email's case", () => {
    const cookie = devices.issue("Ada@Example.no");
    expect(cookie.name.startsWith(DEVICE_COOKIE_PREFIX)).toBe(true);
    expect(devices.read(jar(cookie), "ada@example.no")?.nonce).toBe(cookie.value.split(".")[0]);
  });

  it("are not read for another account, with another key, or changed in any part", () => {
    const cookie = devices.issue("ada@example.no");
    expect(
      devices.read({ [devices.nameFor("bo@example.no")]: cookie.value }, "bo@example.no"),
    ).toBeUndefined();
    expect(new DeviceCookies(randomBytes(32)).read(jar(cookie), "ada@example.no")).toBeUndefined();
    const [nonce, issued, signature] = cookie.value.split(".") as [string, string, string];
    for (const value of [
      `${nonce}x.${issued}.${signature}`,
      `${nonce}.${(Number.parseInt(issued, 36) + 1).toString(36)}.${signature}`,
      `${nonce}.${issued}.${signature.slice(0, -1)}`,
      `${nonce}.${issued}.${signature}.extra`,
      "",
    ]) {
      expect(devices.read({ [cookie.name]: value }, "ada@example.no"), value).toBeUndefined();
    }
  });

  it("last a year from their issue", () => {
    const now = Date.now();
    const cookie = devices.issue("ada@example.no", now - 364 * DAY_MS);
    expect(devices.read(jar(cookie), "ada@example.no", now)).toBeDefined();
    expect(
      devices.read(jar(devices.issue("ada@example.no", now - 366 * DAY_MS)), "ada@example.no", now),
    ).toBeUndefined();
    expect(
      devices.read(jar(devices.issue("ada@example.no", now + DAY_MS)), "ada@example.no", now),
    ).toBeUndefined();
  });
});

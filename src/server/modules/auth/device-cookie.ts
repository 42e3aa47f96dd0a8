import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../lib/deps";
import { serverSecret } from "../../lib/server-secret";
import { cookieIsSecure } from "./session";

/**
 * Device cookies (decision 0057), after OWASP's "Slow Down Online Guessing Attacks with Device Cookies":
 * a browser that signs in to an account is given a cookie that names the account and a random nonce,
 * signed with a key only the servers hold. A login that brings a valid one for the email it names is
 * counted on that device's own allowance, not on the pace every other client of the email shares, so an
 * attacker who keeps that pace busy never keeps the owner out of a browser she used before.
 *
 * One cookie per account (its name carries the account's tag), so a browser shared by two sellers keeps
 * both; the tag is a keyed hash of the email, so the cookie does not tell whose account it is. Only the
 * login route ever receives it.
 */
export const DEVICE_COOKIE_PREFIX = "torg_device_";
const SECRET_NAME = "device-cookie";
/** How long a browser stays known without signing in again: a seller who comes back after a season. */
const MAX_AGE_DAYS = 365;
const MAX_AGE_SECONDS = MAX_AGE_DAYS * 24 * 60 * 60;
/** Clocks of app servers may differ a little: a cookie "issued" this far ahead is still believed. */
const CLOCK_SKEW_SECONDS = 300;

/** A device cookie that checked out: its nonce names the device's own allowance. */
export interface KnownDevice {
  nonce: string;
}

export interface DeviceCookie {
  name: string;
  value: string;
}

const base64url = (bytes: Buffer) => bytes.toString("base64url");

export class DeviceCookies {
  constructor(private readonly key: Buffer) {}

  /** The cookie's name for an account: the prefix and a keyed hash of its email. */
  nameFor(email: string): string {
    const tag = createHmac("sha256", this.key).update(`account|${email.toLowerCase()}`).digest();
    return DEVICE_COOKIE_PREFIX + base64url(tag.subarray(0, 12));
  }

  /** A new cookie for the browser that just signed in to the account of `email`. */
  issue(email: string, now = Date.now()): DeviceCookie {
    const name = this.nameFor(email);
    const nonce = base64url(randomBytes(16));
    const issued = Math.floor(now / 1000).toString(36);
    return { name, value: `${nonce}.${issued}.${this.sign(name, nonce, issued)}` };
  }

  /** The device, when the request brings a valid cookie for the account of `email`; else undefined. */
  read(
    cookies: Record<string, string | undefined>,
    email: string,
    now = Date.now(),
  ): KnownDevice | undefined {
    const name = this.nameFor(email);
    const [nonce, issued, signature, ...rest] = (cookies[name] ?? "").split(".");
    if (!nonce || !issued || !signature || rest.length > 0) return undefined;
    const expected = Buffer.from(this.sign(name, nonce, issued));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const age = Math.floor(now / 1000) - Number.parseInt(issued, 36);
    if (!(age >= -CLOCK_SKEW_SECONDS && age <= MAX_AGE_SECONDS)) return undefined;
    return { nonce };
  }

  private sign(name: string, nonce: string, issued: string): string {
    return base64url(createHmac("sha256", this.key).update(`${name}|${nonce}|${issued}`).digest());
  }
}

/** The device cookies of this database's servers: one key, shared by all of them. */
export async function deviceCookies(deps: Pick<AppDeps, "db">): Promise<DeviceCookies> {
  return new DeviceCookies(await serverSecret(deps.db, SECRET_NAME));
}

/** Hands the browser its device cookie: sent back to the login route only, never readable by scripts. */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  cookie: DeviceCookie,
) {
  reply.setCookie(cookie.name, cookie.value, {
    path: "/api/login",
    httpOnly: true,
    sameSite: "strict",
    secure: cookieIsSecure(request, deps),
    maxAge: MAX_AGE_SECONDS,
  });
}

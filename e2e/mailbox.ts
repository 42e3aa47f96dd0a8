import { type APIRequestContext, expect } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { startTestSmtpServer } from "../src/server/modules/email/testing";
import { smtpPortFor } from "./helpers";

/**
 * The local SMTP server the journey server sends its e-mail to (playwright.config.ts points SMTP_URL at
 * smtpPortFor()): it keeps every message for a journey to read back, as a shopper reads their inbox.
 * One spec file at a time listens (the journeys run one after another); until one does, the server's
 * outbox keeps the messages and retries (decision 0037).
 */
export async function openMailbox() {
  const { received, close } = await startTestSmtpServer(smtpPortFor());
  const toText = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : "");
  return {
    /** The e-mail to `address` whose subject matches, once the server's outbox has sent it. */
    async mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
      let found: ParsedMail | undefined;
      await expect
        .poll(
          () => {
            found = received.find(
              (mail) => toText(mail).includes(address) && subject.test(mail.subject ?? ""),
            );
            return Boolean(found);
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      return found as ParsedMail;
    },
    /** Every e-mail to `address` whose subject matches, in the order they came. */
    all(address: string, subject: RegExp): ParsedMail[] {
      return received.filter((mail) => toText(mail).includes(address) && subject.test(mail.subject ?? ""));
    },
    close,
  };
}

/** The order page link in a receipt or a "sent" e-mail. */
export function orderPageLink(mail: ParsedMail): string {
  const link = /Your order page \(status, tracking and withdrawal\): (\S+)/.exec(mail.text ?? "")?.[1];
  expect(link, "the e-mail links the order page").toBeTruthy();
  return link as string;
}

/** The one-time link (reset or proof of address, decision 0065) in an account e-mail. */
export function accountLink(mail: ParsedMail): string {
  const link = /(https?:\/\/\S+\/(?:reset-password|verify-email)\?token=\S+)/.exec(mail.text ?? "")?.[1];
  expect(link, "the e-mail carries a one-time link").toBeTruthy();
  return link as string;
}

/**
 * Proves the signed-in account's address as its owner would (decision 0065): a new link from "Resend",
 * read from the local mail server and opened. Only the newest link works, and an older one (the
 * sign-up's, retried while no journey listened) may arrive after it, so each link that came is tried.
 */
export async function proveAddress(request: APIRequestContext, email: string) {
  const me = (await (await request.get("/api/me")).json()) as { user: { emailVerified: boolean } };
  if (me.user.emailVerified) return;
  const { received, close } = await startTestSmtpServer(smtpPortFor());
  try {
    expect((await request.post("/api/email-verification")).status()).toBe(202);
    await expect
      .poll(
        async () => {
          const links = received
            .filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text.includes(email))
            .filter((mail) => /^Confirm your email address for Torg$/.test(mail.subject ?? ""))
            .map(accountLink);
          for (const link of links.reverse()) {
            const token = new URL(link).searchParams.get("token");
            const confirmed = await request.post("/api/email-verification/confirm", { data: { token } });
            if (confirmed.ok()) return true;
          }
          return false;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
  } finally {
    await close();
  }
}

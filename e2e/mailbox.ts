import { expect } from "@playwright/test";
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
    close,
  };
}

/** The order page link in a receipt or a "sent" e-mail. */
export function orderPageLink(mail: ParsedMail): string {
  const link = /Your order page \(status, tracking and withdrawal\): (\S+)/.exec(mail.text ?? "")?.[1];
  expect(link, "the e-mail links the order page").toBeTruthy();
  return link as string;
}

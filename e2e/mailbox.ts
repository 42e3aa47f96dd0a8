import { expect } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { smtpPortFor } from "./helpers";

/**
 * The local SMTP server the journey server sends its e-mail to (playwright.config.ts points SMTP_URL at
 * smtpPortFor()): it keeps every message for a journey to read back, as a shopper reads their inbox.
 * One spec file at a time listens (the journeys run one after another); until one does, the server's
 * outbox keeps the messages and retries (decision 0037).
 */
export async function openMailbox() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(smtpPortFor(), "127.0.0.1", resolve));
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The order page link in a receipt or a "sent" e-mail. */
export function orderPageLink(mail: ParsedMail): string {
  const link = /Your order page \(status, tracking and withdrawal\): (\S+)/.exec(mail.text ?? "")?.[1];
  expect(link, "the e-mail links the order page").toBeTruthy();
  return link as string;
}

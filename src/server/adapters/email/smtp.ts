import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { EmailProvider } from "./email";

export interface SmtpEmailOptions {
  /**
   * A connection URL as nodemailer documents it for `createTransport`: `smtp://user:pass@host:587` (plain,
   * upgraded with STARTTLS when the server offers it) or `smtps://…:465` (TLS from the start). Options
   * passed next to `url` are merged with the values parsed from it.
   */
  url: string;
  from: string;
  timeoutMs: number;
}

/**
 * Sends through an SMTP server with nodemailer. `sendMail` resolves once the server has accepted the
 * message (its `accepted`/`rejected` lists name the recipients) and rejects on a refused connection, a
 * timeout or an SMTP error reply (4xx or 5xx): each is a failed attempt the outbox retries.
 */
export function createSmtpEmailProvider(options: SmtpEmailOptions): EmailProvider {
  const transport = nodemailer.createTransport({
    url: options.url,
    // nodemailer's documented timeouts: connection established, server greeting, socket inactivity.
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  } satisfies SMTPTransport.Options);
  return {
    name: "smtp",
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      const rejected = (info.rejected ?? []).map(String);
      if (rejected.length > 0) throw new Error(`SMTP server rejected ${rejected.join(", ")}`);
      return { status: "sent" };
    },
    close() {
      transport.close();
    },
  };
}

import type { FastifyBaseLogger } from "fastify";
import type { EmailProvider } from "./email";

/**
 * The default: no mail server needed. The message goes to the server log (subject and recipient) and,
 * through the outbox, to email_log as "logged" with its text, where the seller reads it (decision 0037).
 * A one-time link's message is written whole to the server log, never to email_log: the person running the
 * install reads the link there (decision 0070).
 */
export function createLogEmailProvider(logger: Pick<FastifyBaseLogger, "info">): EmailProvider {
  return {
    name: "log",
    async send(message) {
      logger.info(
        {
          email: {
            to: message.to,
            replyTo: message.replyTo,
            subject: message.subject,
            ...(message.oneTimeLink ? { text: message.text } : {}),
          },
        },
        "E-mail (log provider, not sent)",
      );
      return { status: "logged" };
    },
  };
}

import type { FastifyBaseLogger } from "fastify";
import type { SmsProvider } from "./sms";

/** The default: no outside account needed; the message goes to the server log and SmsLog as "logged". */
export function createLogSmsProvider(logger: Pick<FastifyBaseLogger, "info">): SmsProvider {
  return {
    name: "log",
    async send(message) {
      logger.info({ sms: { to: message.to, body: message.body } }, "SMS (log provider, not sent)");
      return { status: "logged" };
    },
  };
}

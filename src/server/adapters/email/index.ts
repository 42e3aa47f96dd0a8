import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { EmailProvider } from "./email";
import { createLogEmailProvider } from "./log";
import { createSmtpEmailProvider } from "./smtp";

export type { EmailMessage, EmailProvider, EmailResult } from "./email";

/** SMTP when configured (EMAIL_PROVIDER=smtp, or SMTP_URL set), else the log provider (decision 0037). */
export function createEmailProvider(config: Config, logger: Pick<FastifyBaseLogger, "info">): EmailProvider {
  if (config.email.provider === "smtp" && config.email.smtpUrl) {
    return createSmtpEmailProvider({
      url: config.email.smtpUrl,
      from: config.email.from,
      timeoutMs: config.email.timeoutMs,
    });
  }
  return createLogEmailProvider(logger);
}

import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { createHttpSmsProvider } from "./http";
import { createLogSmsProvider } from "./log";
import type { SmsProvider } from "./sms";

export type { SmsMessage, SmsProvider, SmsResult } from "./sms";

export function createSmsProvider(config: Config, logger: Pick<FastifyBaseLogger, "info">): SmsProvider {
  if (config.sms.provider === "http" && config.sms.httpUrl) {
    return createHttpSmsProvider({
      url: config.sms.httpUrl,
      token: config.sms.httpToken,
      sender: config.sms.sender,
      timeoutMs: config.sms.timeoutMs,
    });
  }
  return createLogSmsProvider(logger);
}

import type { SmsProvider } from "./sms";

export interface HttpSmsOptions {
  url: string;
  token?: string;
  sender: string;
  timeoutMs: number;
}

/**
 * A real SMS gateway over HTTP: POST {to, from, message} as JSON with an optional bearer token. Most
 * Nordic gateways take this shape directly or through a small relay. Any non-2xx answer or a timeout
 * is a failed attempt.
 */
export function createHttpSmsProvider(options: HttpSmsOptions): SmsProvider {
  return {
    name: "http",
    async send(message) {
      const response = await fetch(options.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, from: options.sender, message: message.body }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => "")).slice(0, 200);
        throw new Error(`SMS gateway answered ${response.status}${detail ? `: ${detail}` : ""}`);
      }
      return { status: "sent" };
    },
  };
}

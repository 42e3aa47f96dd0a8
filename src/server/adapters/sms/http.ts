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
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({ to: message.to, from: options.sender, message: message.body }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        // fetch says only "fetch failed" or "aborted"; SmsLog should say what happened.
        if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
          throw new Error(`SMS gateway did not answer within ${options.timeoutMs} ms`);
        const cause = (error as { cause?: { message?: unknown } }).cause;
        const reason = typeof cause?.message === "string" ? cause.message : (error as Error).message;
        throw new Error(`SMS gateway unreachable: ${reason}`);
      }
      if (!response.ok) {
        const detail = (await response.text().catch(() => "")).slice(0, 200);
        throw new Error(`SMS gateway answered ${response.status}${detail ? `: ${detail}` : ""}`);
      }
      return { status: "sent" };
    },
  };
}

import type { AnalysisResult } from "../../../shared/ai";
import { ApiError, languageHeader } from "../api";

export type { AnalysisResult };

export type AnalysisStreamEvent =
  | { type: "start"; total: number }
  | ({ type: "result"; done: number; total: number; index: number; fileName: string } & (
      | { ok: true; result: AnalysisResult }
      | { ok: false; status: number; error: string }
    ))
  | { type: "end" };

export type AnalysisItem = Extract<AnalysisStreamEvent, { type: "result" }>;

async function post(url: string, body: FormData, signal: AbortSignal | undefined, accept?: string) {
  const res = await fetch(url, {
    method: "POST",
    body,
    credentials: "include",
    // The server words its messages in the reader's language, as apiRequest asks it to.
    headers: { ...languageHeader(), ...(accept ? { Accept: accept } : {}) },
    signal,
  });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return res;
}

/**
 * POST /api/products/analyze: one photo (JPG, PNG or WEBP) is stored and described. Public (D5); a
 * seller's `storeId` only labels the AI log. Throws ApiError (415, 413, 429, 502) or an AbortError.
 */
export async function analyzeImage(
  file: File,
  options: { storeId?: string; signal?: AbortSignal } = {},
): Promise<AnalysisResult> {
  const body = new FormData();
  body.set("productImage", file);
  if (options.storeId) body.set("storeId", options.storeId);
  const res = await post("/api/products/analyze", body, options.signal);
  return (await res.json()) as AnalysisResult;
}

/**
 * POST /api/products/analyze-multiple as an NDJSON stream: `onEvent` hears "start", then one "result"
 * per photo the moment it is done, then "end". Resolves with every result that arrived; the caller
 * treats a photo with no result (the connection dropped) as not analysed.
 */
export async function streamImageAnalysis(
  files: File[],
  options: { signal?: AbortSignal; onEvent: (event: AnalysisStreamEvent) => void },
): Promise<AnalysisItem[]> {
  const body = new FormData();
  for (const file of files) body.append("productImages", file, file.name);
  const res = await post("/api/products/analyze-multiple", body, options.signal, "application/x-ndjson");
  const items: AnalysisItem[] = [];
  const deliver = (events: AnalysisStreamEvent[]) => {
    for (const event of events) {
      if (event.type === "result") items.push(event);
      options.onEvent(event);
    }
  };
  if (!res.body) {
    deliver(readStreamLines(`${await res.text()}\n`).events);
    return items;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    const { events, rest } = readStreamLines(done ? `${buffer}\n` : buffer);
    buffer = rest;
    deliver(events);
    if (done) return items;
  }
}

/**
 * Splits what the NDJSON stream delivered so far into complete lines; the unfinished tail is kept for
 * the next chunk. Lines that are not JSON events are skipped.
 */
export function readStreamLines(buffer: string): { events: AnalysisStreamEvent[]; rest: string } {
  const lines = buffer.split("\n");
  const rest = lines.pop() ?? "";
  const events: AnalysisStreamEvent[] = [];
  for (const line of lines) {
    const text = line.trim();
    if (!text) continue;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && "type" in parsed)
        events.push(parsed as AnalysisStreamEvent);
    } catch {
      // A broken line tells nothing; the images it would have named end up as not analysed.
    }
  }
  return { events, rest };
}

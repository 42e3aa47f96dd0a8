import type { QueryFunction } from "@tanstack/react-query";
// From the zod-free module: this client is in the shop pages' first load, which carries no zod.
import { TOTAL_COUNT_HEADER } from "../../shared/catalogue-paging";
import { currentLanguage } from "./i18n";

/** Any non-OK answer. Its message is "STATUS: body" (or "STATUS: statusText" when the body is empty). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText = "") {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    throw new ApiError(res.status, await res.text(), res.statusText);
  }
}

/** The server words its messages in the reader's language when it can. */
export function languageHeader(): Record<string, string> {
  return { "Accept-Language": currentLanguage() };
}

/**
 * One call to the API with the session cookie. A plain object is sent as JSON; FormData goes as
 * multipart, with the browser choosing the boundary. Throws ApiError on any non-OK status.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = languageHeader();
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(url, { method, headers, body: payload, credentials: "include" });
  await throwIfNotOk(res);
  return res;
}

/** apiRequest, then the JSON answer. */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

/** The server's `{ message }` from a failed call, or the fallback when there is none. */
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  try {
    const parsed: unknown = JSON.parse(err.body);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
      return parsed.message || fallback;
    }
  } catch {
    // Not JSON (a proxy's HTML error page, for instance): the fallback says it better.
  }
  return fallback;
}

/** One page of a list and the size of the whole list. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * GETs one page of a list that answers a plain array and counts the whole list in X-Total-Count
 * (decision 0041); the url names the page with `limit` and `offset`. A route that does not page yet
 * ignores them and answers the whole list without the header: the page is then cut from it here, so the
 * screen pages the same either way.
 */
export async function apiGetPage<T>(url: string, signal?: AbortSignal): Promise<ListPage<T>> {
  const res = await fetch(url, { credentials: "include", headers: languageHeader(), signal });
  await throwIfNotOk(res);
  const items = (await res.json()) as T[];
  const counted = res.headers.get(TOTAL_COUNT_HEADER);
  if (counted !== null && /^\d+$/.test(counted)) return { items, total: Number(counted) };
  // Only the url's query is read, so any base makes it a whole URL.
  const asked = new URL(url, "http://torg.invalid").searchParams;
  const offset = Number(asked.get("offset") ?? 0);
  const limit = Number(asked.get("limit") ?? items.length);
  return { items: items.slice(offset, offset + limit), total: items.length };
}

type UnauthorizedBehavior = "returnNull" | "throw";

/** A query function that GETs queryKey[0]. With on401 "returnNull", a 401 gives null instead of an error. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(String(queryKey[0]), {
      credentials: "include",
      headers: languageHeader(),
      signal,
    });
    if (options.on401 === "returnNull" && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

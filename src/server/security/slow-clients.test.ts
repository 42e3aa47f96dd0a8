/**
 * Slow clients holding the server: a client sending one byte every few seconds kept its connection for
 * minutes (no request timeout), and one address could open as many connections as it liked. Against a
 * real server listening on 127.0.0.1 with short timeouts: a slow-loris, in its headers or in its body, is
 * cut off within the configured time; connections beyond the per-address cap are refused, while another
 * address is still served.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";

const REQUEST_TIMEOUT_MS = 1500;
const HEADERS_TIMEOUT_MS = 500;
/** Node checks the timeouts every HEADERS_TIMEOUT_MS / 4; this leaves room for a busy test machine. */
const SLACK_MS = 1500;
const CAP = 3;

interface Loris {
  /** Bytes the server took before it closed the connection (or the loop ran out). */
  sent: number;
  /** Whether the server closed the connection before the loop ran out. */
  closed: boolean;
  elapsedMs: number;
  answer: string;
}

function connect(port: number, localAddress = "127.0.0.1"): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1", localAddress }, () => resolve(socket));
    socket.once("error", reject);
  });
}

/**
 * Sends `head` at once, then `drip` one byte every `everyMs`, at most `maxBytes` times (a bounded
 * loop), stopping as soon as the server closes the connection.
 */
async function slowLoris(port: number, head: string, drip: string, everyMs: number, maxBytes: number) {
  const socket = await connect(port);
  const result: Loris = { sent: 0, closed: false, elapsedMs: 0, answer: "" };
  socket.on("data", (chunk) => {
    result.answer += chunk.toString("latin1");
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.once("close", () => {
    result.closed = true;
  });
  const started = Date.now();
  socket.write(head);
  for (let i = 0; i < maxBytes && !result.closed; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    if (!result.closed && !socket.destroyed) {
      socket.write(drip[i % drip.length] ?? "x");
      result.sent += 1;
    }
  }
  const byServer = { ...result, elapsedMs: Date.now() - started };
  socket.destroy();
  await closed;
  return byServer;
}

describe("slow clients against a listening server", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      KEEP_ALIVE_TIMEOUT_MS: "500",
      IDLE_TIMEOUT_MS: "5000",
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it("cuts off a client that sends its headers one byte at a time", async () => {
    // 40 bytes, one every 250 ms: 10 s if nobody stops it.
    const loris = await slowLoris(
      port,
      "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n",
      "X-Slow: a\r\n",
      250,
      40,
    );
    expect(loris.closed).toBe(true);
    expect(loris.elapsedMs).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
    expect(loris.answer).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it("cuts off an upload that sends its body one byte at a time", async () => {
    const head = [
      "POST /api/products/analyze HTTP/1.1",
      "Host: 127.0.0.1",
      "Content-Type: multipart/form-data; boundary=x",
      "Content-Length: 1000000",
      "",
      "--x\r\n",
    ].join("\r\n");
    // 40 bytes, one every 250 ms: 10 s if nobody stops it, well past the request timeout.
    const loris = await slowLoris(port, head, "a", 250, 40);
    expect(loris.closed).toBe(true);
    expect(loris.elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
  });
});

describe("connections per address", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ MAX_CONNECTIONS_PER_ADDRESS: String(CAP) });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A GET /api/health on a new connection: the status line, or "" when the server closed it unanswered. */
  async function health(localAddress: string): Promise<string> {
    const socket = await connect(port, localAddress).catch(() => undefined);
    if (!socket) return "";
    return new Promise((resolve) => {
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString("latin1");
        if (answer.includes("\r\n")) socket.destroy();
      });
      socket.on("error", () => {});
      socket.once("close", () => resolve(answer.split("\r\n")[0] ?? ""));
      socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    });
  }

  it("refuses connections beyond the cap from one address, and still serves another", async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => connect(port)));
    try {
      expect(await health("127.0.0.1")).toBe("");
      expect(await health("127.0.0.2")).toBe("HTTP/1.1 200 OK");
    } finally {
      for (const socket of held) socket.destroy();
    }
    // Once the held connections are gone, the address is served again.
    let status = "";
    for (let attempt = 0; attempt < 20 && status === ""; attempt += 1) {
      status = await health("127.0.0.1");
      if (status === "") await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe("HTTP/1.1 200 OK");
  });
});

/**
 * Errors that escaped the one error handler: Fastify's own bodies for a URL it cannot decode ("/%") and
 * a path parameter over 100 characters, Node's for headers too large (431, raised before there is a
 * request), a fake HEIC (random bytes behind a HEIC header) answered as a 500 item with an error-level
 * log, and a client closing a half-sent body logged as "database unavailable". Each is now
 * `{ message }` with the right status, and none is logged as the server's or the database's failure.
 */
import { randomBytes } from "node:crypto";
import net from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../test/fixtures";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
let port: number;
/** Every log line the app writes, parsed. */
const logs: { level: number; msg: string }[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line));
      callback();
    },
  });
  t = await createTestApp({}, { level: "debug", stream });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

const WARN = 40;
const problemsLogged = () => logs.filter((line) => line.level >= WARN).map((line) => line.msg);

/** Sends raw bytes on a new connection; resolves with everything the server answered once it closes. */
function raw(bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1" }, () => socket.write(bytes));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("utf8");
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(answer));
  });
}

function parseAnswer(answer: string) {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), head, body };
}

describe("errors Fastify and Node used to answer themselves", () => {
  it("answers a URL that cannot be decoded with 400 { message }", async () => {
    for (const url of ["/%", "/api/%", "/api/stores/%zz", "/s/%"]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: "This address is not valid" });
    }
    const norwegian = await t.app.inject({ url: "/%", headers: { "accept-language": "nb" } });
    expect(norwegian.json()).toEqual({ message: "Denne adressen er ikke gyldig" });
  });

  it("answers a path parameter over 100 characters with 404 { message }", async () => {
    const long = "a".repeat(101);
    for (const url of [`/api/stores/${long}`, `/api/qr-codes/${long}/image`, `/q/${long}`]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: "Not found" });
    }
  });

  it("answers headers too large with 431 { message }", async () => {
    const answer = parseAnswer(
      await raw(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.body)).toEqual({ message: "The request's headers are too large" });
  });
});

describe("a fake HEIC", () => {
  it("is a 415 item with the image message, and logs no error", async () => {
    const heicHeader = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic")]);
    const fake = Buffer.concat([heicHeader, randomBytes(4000)]);
    const form = multipart({}, [
      { field: "productImages", filename: "IMG_0001.HEIC", body: fake, type: "image/heic" },
    ]);
    const before = problemsLogged().length;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/products/analyze-multiple",
      ...form,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        index: 0,
        fileName: "IMG_0001.HEIC",
        ok: false,
        status: 415,
        error: "IMG_0001.HEIC could not be read. Try another photo.",
      },
    ]);
    expect(problemsLogged().slice(before)).toEqual([]);
  });
});

describe("a client that closes a half-sent body", () => {
  async function abandon(path: string, type: string, start: string) {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.on("error", () => {});
    await new Promise((resolve) => socket.once("connect", resolve));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    const received = new Promise((resolve) => t.app.server.once("request", resolve));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: 100000\r\n\r\n${start}`,
    );
    // Cut off once the server has the request and has started reading its body.
    await received;
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await closed;
  }

  /** Waits (bounded) until the server logged what it did with the aborted request. */
  async function settled(count: number) {
    for (let i = 0; i < 80 && logs.filter((l) => /closed the request/.test(l.msg)).length < count; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it("is not logged as the database being away, nor as an error", async () => {
    const before = problemsLogged().length;
    await abandon("/api/register", "application/json", `{"email":"${"a".repeat(1000)}`);
    await settled(1);
    expect(logs.some((line) => /closed the request/.test(line.msg))).toBe(true);
    expect(problemsLogged().slice(before)).toEqual([]);
    expect(logs.some((line) => line.msg === "database unavailable")).toBe(false);
  });
});

// The check's stand-ins for the internet around a server: a DNS server answering for the seller's
// registrar, and an HTTPS client that resolves every name to this machine and trusts one CA, as a
// shopper's browser would trust a public one.

import http from "node:http";
import https from "node:https";
import dns2 from "dns2";
import { freePort } from "./production-check.mjs";

/**
 * A DNS server on loopback for the app's domain checks (DNS_SERVERS): it answers what `set` put in its
 * zone, as a registrar's name servers would once the seller has saved the records, and NXDOMAIN for any
 * other name. A CNAME is followed within the zone, as a recursive resolver would.
 */
export async function startDnsResponder() {
  const { Packet } = dns2;
  const zone = new Map();
  const answer = (name, record) => {
    const base = { name, type: Packet.TYPE[record.type], class: Packet.CLASS.IN, ttl: 60 };
    if (record.type === "TXT") return { ...base, data: record.value };
    if (record.type === "CNAME") return { ...base, domain: record.value };
    return { ...base, address: record.value };
  };
  const server = dns2.createServer({
    udp: true,
    tcp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const type = Object.keys(Packet.TYPE).find((key) => Packet.TYPE[key] === question?.type);
      let name = question?.name.toLowerCase().replace(/\.$/, "") ?? "";
      if (!zone.has(name)) response.header.rcode = Packet.RCODE.NXDOMAIN;
      for (let hops = 0; zone.has(name) && hops < 8; hops++) {
        const records = zone.get(name);
        const exact = records.filter((record) => record.type === type);
        const alias = records.find((record) => record.type === "CNAME");
        for (const record of exact) response.answers.push(answer(name, record));
        if (exact.length > 0 || !alias) break;
        response.answers.push(answer(name, alias));
        name = alias.value.toLowerCase().replace(/\.$/, "");
      }
      send(response);
    },
  });
  const port = await freePort();
  await server.listen({ udp: { port, address: "127.0.0.1" }, tcp: { port, address: "127.0.0.1" } });
  return {
    port,
    /** Adds records ({ type, name, value }, as the domain routes list them) to the zone. */
    set(records) {
      for (const record of records) {
        const name = record.name.toLowerCase().replace(/\.$/, "");
        zone.set(name, [...(zone.get(name) ?? []), { type: record.type, value: record.value }]);
      }
    },
    close: () => server.close(),
  };
}

/** Every name resolves to this machine: the check's own stand-in for public DNS pointing at the server. */
function toLoopback(_hostname, options, callback) {
  if (options?.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
  else callback(null, "127.0.0.1", 4);
}

/**
 * fetch() as a browser on the public internet would do it against this machine: names resolved to
 * loopback, TLS verified against `ca` (Caddy's internal root) with the URL's name as SNI, redirects not
 * followed. The answer is a Response, with the server's certificate as `certificate`.
 */
export function tlsFetch(ca) {
  return async (url, init = {}) => {
    const request = new Request(url, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const target = new URL(request.url);
    const secure = target.protocol === "https:";
    const headers = Object.fromEntries(request.headers);
    if (body) headers["content-length"] = String(body.length);
    return new Promise((resolve, reject) => {
      const outgoing = (secure ? https : http).request(
        {
          hostname: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: request.method,
          headers,
          lookup: toLoopback,
          agent: false,
          ...(secure ? { ca, servername: target.hostname } : {}),
        },
        (incoming) => {
          const certificate = secure ? incoming.socket.getPeerCertificate() : undefined;
          const chunks = [];
          incoming.on("data", (chunk) => chunks.push(chunk));
          incoming.on("error", reject);
          incoming.on("end", () => {
            const answerHeaders = new Headers();
            for (let i = 0; i < incoming.rawHeaders.length; i += 2)
              answerHeaders.append(incoming.rawHeaders[i], incoming.rawHeaders[i + 1]);
            const status = incoming.statusCode ?? 0;
            const empty = [101, 204, 205, 304].includes(status);
            const response = new Response(empty ? null : Buffer.concat(chunks), {
              status,
              headers: answerHeaders,
            });
            resolve(Object.assign(response, { certificate }));
          });
        },
      );
      outgoing.on("error", (error) => {
        // OpenSSL's message is long; the TLS alert in it ("tlsv1 alert internal error") is what tells.
        const alert = /tlsv1 alert [a-z ]+/.exec(error.message)?.[0];
        const message = `${request.method} ${request.url}: ${error.code}${alert ? ` (${alert})` : ""}`;
        reject(Object.assign(new Error(message, { cause: error }), { code: error.code, alert }));
      });
      outgoing.end(body);
    });
  };
}

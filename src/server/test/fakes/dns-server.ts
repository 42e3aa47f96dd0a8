import type { AddressInfo } from "node:net";
import DNS from "dns2";
import Fastify, { type FastifyInstance } from "fastify";

/**
 * A real, local, authoritative DNS server for the domain checks (decision 0080): the resolver Torg asks
 * (DNS_SERVERS) is pointed at it, so tests and journeys verify domains over the wire, as in production.
 * It answers A, AAAA, CNAME and TXT from a record table set in-process (`set`, `remove`) or through a
 * small HTTP control (`POST /_fake/dns/records`, `DELETE /_fake/dns/records`), and follows RFC 1035
 * ("Domain names - implementation and specification") and RFC 1034 as quoted below. Built on `dns2`.
 */

export type FakeDnsType = "A" | "AAAA" | "CNAME" | "TXT";

export interface FakeDnsRecord {
  type: FakeDnsType;
  name: string;
  /**
   * The record's data. A TXT value given as one string is split into character-strings of at most 255
   * octets, as a zone file loader does with long text; given as a list, each entry is one
   * character-string (RFC 1035 §3.3.14).
   */
  value: string | string[];
}

export interface FakeDnsOptions {
  /** UDP port (TCP listens on the same one); 0 or none: a free one. */
  port?: number;
  /** Port of the HTTP control; none: no HTTP control, only the in-process one. */
  controlPort?: number;
}

export interface FakeDns {
  /** The UDP and TCP port; DNS_SERVERS is `127.0.0.1:{port}`. */
  port: number;
  /** `host:port` for DNS_SERVERS. */
  server: string;
  /** The HTTP control's base URL, when it was asked for. */
  controlUrl: string | undefined;
  /** Adds records; each (name, type) given replaces the records the table held for it. */
  set(records: FakeDnsRecord[]): void;
  /** Removes the records of a name (and type); with nothing named, every record. */
  remove(filter?: { name?: string; type?: FakeDnsType }): void;
  readonly records: readonly FakeDnsRecord[];
  /** While true, every query is answered SERVFAIL ("Server failure", RFC 1035 §4.1.1). */
  failing: boolean;
  close(): Promise<void>;
}

const { Packet } = DNS;
const TYPE_CODES: Record<FakeDnsType, number> = {
  A: Packet.TYPE.A,
  AAAA: Packet.TYPE.AAAA,
  CNAME: Packet.TYPE.CNAME,
  TXT: Packet.TYPE.TXT,
};
const TTL_SECONDS = 60;
/** A CNAME chain longer than this is a loop; RFC 1034 §3.6.2 asks servers not to follow one forever. */
const MAX_CNAME_HOPS = 8;

/**
 * RFC 1035 §2.3.3 "Character Case": "For all parts of the DNS that are part of the official protocol,
 * all comparisons between character strings (e.g., labels, domain names, etc.) are done in a
 * case-insensitive manner." A trailing dot (the root) names the same name.
 */
const nameKey = (name: string) => name.trim().toLowerCase().replace(/\.$/, "");

/**
 * RFC 1035 §3.3: "<character-string> is a single length octet followed by that number of characters.
 * <character-string> is treated as binary information, and can be up to 256 characters in length
 * (including the length octet)." So at most 255 octets of text each.
 */
export function characterStrings(value: string | string[]): Buffer[] {
  if (Array.isArray(value)) {
    return value.map((text) => {
      const bytes = Buffer.from(text, "utf8");
      if (bytes.length > 255)
        throw new Error(`a character-string holds at most 255 octets, not ${bytes.length}`);
      return bytes;
    });
  }
  const bytes = Buffer.from(value, "utf8");
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 255) parts.push(bytes.subarray(at, at + 255));
  return parts.length > 0 ? parts : [Buffer.alloc(0)];
}

export async function startFakeDns(options: FakeDnsOptions = {}): Promise<FakeDns> {
  let table: FakeDnsRecord[] = [];
  const state = { failing: false };

  function answersFor(name: string, type: number, hops = 0): DNS.Packet.Resource[] | "nxdomain" {
    const key = nameKey(name);
    const held = table.filter((record) => nameKey(record.name) === key);
    if (held.length === 0) return "nxdomain";
    const matching = held.filter((record) => TYPE_CODES[record.type] === type);
    if (matching.length > 0) return matching.map((record) => resource(name, record));
    /*
     * RFC 1034 §3.6.2: "When a name server fails to find a desired RR in the resource set associated
     * with the domain name, it checks to see if the resource set consists of a CNAME record with a
     * matching class. If so, the name server includes the CNAME record in the response and restarts the
     * query at the domain name specified in the data field of the CNAME record."
     */
    const alias = held.find((record) => record.type === "CNAME");
    if (alias && type !== Packet.TYPE.CNAME && hops < MAX_CNAME_HOPS) {
      const target = String(alias.value);
      const further = answersFor(target, type, hops + 1);
      return [resource(name, alias), ...(further === "nxdomain" ? [] : further)];
    }
    // The name exists without records of this type: NOERROR and an empty answer section ("NODATA").
    return [];
  }

  function resource(name: string, record: FakeDnsRecord): DNS.Packet.Resource {
    const base = { name, type: TYPE_CODES[record.type], class: Packet.CLASS.IN, ttl: TTL_SECONDS };
    // dns2 encodes plain objects of these fields; its Resource type also names the decoder's toBuffer.
    const fields =
      record.type === "A" || record.type === "AAAA"
        ? { ...base, address: String(record.value) }
        : record.type === "CNAME"
          ? { ...base, domain: nameKey(String(record.value)) }
          : // RFC 1035 §3.3.14 TXT RDATA format: "TXT-DATA  One or more <character-string>s."
            { ...base, data: characterStrings(record.value) };
    return fields as unknown as DNS.Packet.Resource;
  }

  const handle: DNS.DnsHandler = (request, send) => {
    const response = Packet.createResponseFromRequest(request);
    /*
     * RFC 1035 §4.1.1, AA: "Authoritative Answer - this bit is valid in responses, and specifies that the
     * responding name server is an authority for the domain name in question section."
     */
    response.header.aa = 1;
    const [question] = request.questions;
    if (request.errors.length > 0 || !question) {
      // RCODE 1 "Format error - The name server was unable to interpret the query."
      response.header.rcode = Packet.RCODE.FORMERR;
    } else if (state.failing) {
      // RCODE 2 "Server failure - The name server was unable to process this query due to a problem
      // with the name server."
      response.header.rcode = Packet.RCODE.SERVFAIL;
    } else {
      const answers = answersFor(question.name, question.type);
      if (answers === "nxdomain") {
        // RCODE 3 "Name Error - Meaningful only for responses from an authoritative name server, this
        // code signifies that the domain name referenced in the query does not exist."
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      } else {
        response.answers.push(...answers);
      }
    }
    // RFC 1035 §4.2.1: "Messages carried by UDP are restricted to 512 bytes (not counting the IP or UDP
    // headers). Longer messages are truncated and the TC bit is set in the header." dns2's UDP server
    // does that; the resolver then asks again over TCP, which listens on the same port.
    void send(response).catch(() => undefined);
  };

  const { udp, tcp, port } = await listenBoth(handle, options.port ?? 0);

  let control: FastifyInstance | undefined;
  let controlUrl: string | undefined;
  if (options.controlPort !== undefined) {
    control = Fastify({ logger: false, forceCloseConnections: true });
    control.get("/health", async () => ({ ok: true }));
    control.get("/_fake/dns/records", async () => ({ records: table }));
    control.post<{ Body: { records?: FakeDnsRecord[] } }>("/_fake/dns/records", async (request, reply) => {
      const records = request.body?.records;
      if (!Array.isArray(records) || !records.every(isRecord)) {
        return reply.status(400).send({ message: "records: [{ type: A|AAAA|CNAME|TXT, name, value }]" });
      }
      fake.set(records);
      return { records: table };
    });
    control.delete<{ Querystring: { name?: string; type?: FakeDnsType } }>(
      "/_fake/dns/records",
      async (request) => {
        fake.remove({ name: request.query.name, type: request.query.type });
        return { records: table };
      },
    );
    await control.listen({ port: options.controlPort, host: "127.0.0.1" });
    controlUrl = `http://127.0.0.1:${(control.server.address() as AddressInfo).port}`;
  }

  const fake: FakeDns = {
    port,
    server: `127.0.0.1:${port}`,
    controlUrl,
    set(records) {
      const replaced = new Set(records.map((record) => `${nameKey(record.name)} ${record.type}`));
      table = [
        ...table.filter((record) => !replaced.has(`${nameKey(record.name)} ${record.type}`)),
        ...records.map((record) => ({ ...record })),
      ];
    },
    remove(filter = {}) {
      table = table.filter(
        (record) =>
          !(
            (filter.name === undefined || nameKey(record.name) === nameKey(filter.name)) &&
            (filter.type === undefined || record.type === filter.type)
          ),
      );
    },
    get records() {
      return table;
    },
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
        control?.close(),
      ]);
    },
  };
  return fake;
}

function isRecord(value: unknown): value is FakeDnsRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.name === "string" &&
    typeof record.type === "string" &&
    record.type in TYPE_CODES &&
    (typeof record.value === "string" ||
      (Array.isArray(record.value) && record.value.every((part) => typeof part === "string")))
  );
}

/**
 * UDP first, then TCP on the same port number (RFC 1035 §4.2: a server listens on both; §4.2.2 "TCP
 * usage": "The message is prefixed with a two byte length field which gives the message length"). With
 * no port given, a free UDP port whose TCP twin is free too.
 */
async function listenBoth(handle: DNS.DnsHandler, port: number) {
  for (let attempt = 0; ; attempt++) {
    const udp = DNS.createUDPServer({ type: "udp4" });
    udp.on("request", handle);
    udp.on("requestError", () => undefined);
    const tcp = DNS.createTCPServer();
    tcp.on("request", handle);
    tcp.on("requestError", () => undefined);
    await new Promise<void>((resolve, reject) => {
      udp.once("error", reject);
      udp.bind(port, "127.0.0.1", () => {
        udp.off("error", reject);
        resolve();
      });
    });
    const bound = udp.address().port;
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once("error", reject);
        tcp.listen(bound, "127.0.0.1", () => {
          tcp.off("error", reject);
          resolve();
        });
      });
      return { udp, tcp, port: bound };
    } catch (error) {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      // The TCP twin of a free UDP port was taken: try another pair.
      if (port !== 0 || attempt >= 10) throw error;
    }
  }
}

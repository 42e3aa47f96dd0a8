import { randomUUID } from "node:crypto";
import type { DomainView } from "../../../shared/domains";
import type { FakeDns } from "../../test/fakes/dns-server";

/** The platform's host in the domain tests (PUBLIC_URL), and the addresses the local DNS gives it. */
export const TEST_PLATFORM = {
  publicUrl: "https://torg.example.no",
  host: "torg.example.no",
  v4: "192.0.2.1",
  v6: "2001:db8::1",
};

/** The local DNS holds the platform host's addresses, as the real one holds the server's. */
export function platformRecords(fake: FakeDns) {
  fake.set([
    { type: "A", name: TEST_PLATFORM.host, value: TEST_PLATFORM.v4 },
    { type: "AAAA", name: TEST_PLATFORM.host, value: TEST_PLATFORM.v6 },
  ]);
}

/** A domain name no other test uses: `keramikk-<random>.test`, with a prefix for a subdomain. */
export const freshDomain = (prefix = "") =>
  `${prefix ? `${prefix}.` : ""}keramikk-${randomUUID().slice(0, 8)}.test`;

/** The seller sets exactly the records Torg showed (as the journey does through the HTTP control). */
export function setShownRecords(fake: FakeDns, view: Pick<DomainView, "records">) {
  fake.set(view.records.map((record) => ({ ...record })));
}

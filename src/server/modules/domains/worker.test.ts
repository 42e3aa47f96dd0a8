import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainView } from "../../../shared/domains";
import { createNodeResolver } from "../../adapters/dns";
import { storeDomains } from "../../db/schema";
import { type FakeDns, startFakeDns } from "../../test/fakes/dns-server";
import { createStoreVia } from "../../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { type DomainContext, PENDING_GIVE_UP_MS, VERIFIED_RECHECK_MS } from "./service";
import { freshDomain, platformRecords, setShownRecords, TEST_PLATFORM } from "./testing";
import { runDomainCheckPass } from "./worker";

/** The periodic check (decision 0080), one pass at a time, against the local DNS server. */
let fake: FakeDns;
let t: TestApp;
let changes = 0;
let ctx: DomainContext;
const CHECK_MS = 60_000;
beforeAll(async () => {
  fake = await startFakeDns();
  platformRecords(fake);
  t = await createTestApp({ DNS_SERVERS: fake.server, PUBLIC_URL: TEST_PLATFORM.publicUrl });
  ctx = {
    db: t.database.db,
    resolver: createNodeResolver({ servers: [fake.server], timeoutMs: 500, tries: 1 }),
    checkMs: CHECK_MS,
    onCatalogueChange: () => {
      changes += 1;
    },
    log: t.app.log,
  };
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function pendingDomain(prefix = "www") {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const response = await seller.agent.post(`/api/stores/${store.id}/domains`, {
    domain: freshDomain(prefix),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...seller, view: response.json() as DomainView };
}

const rowOf = async (id: string) =>
  (await t.database.db.select().from(storeDomains).where(eq(storeDomains.id, id)))[0];

/** Makes a domain due now, as time passing would. */
const makeDue = (id: string) =>
  t.database.db
    .update(storeDomains)
    .set({ nextCheckAt: new Date(Date.now() - 1000) })
    .where(eq(storeDomains.id, id));

describe("the domain check worker", () => {
  it("a pending domain is read every interval and becomes verified once its records are set", async () => {
    const { view } = await pendingDomain();
    const added = await rowOf(view.id);
    // Due one interval after it was added (the add checked it once already).
    expect(added?.nextCheckAt?.getTime()).toBeGreaterThan(Date.now() + CHECK_MS / 2);
    await makeDue(view.id);
    await runDomainCheckPass(ctx);
    const stillPending = await rowOf(view.id);
    expect(stillPending).toMatchObject({ status: "pending", checkError: "errors.dnsVerifyRecordMissing" });
    expect(stillPending?.nextCheckAt?.getTime()).toBeGreaterThan(Date.now() + CHECK_MS / 2);

    setShownRecords(fake, view);
    await makeDue(view.id);
    const before = changes;
    await runDomainCheckPass(ctx);
    const verified = await rowOf(view.id);
    expect(verified).toMatchObject({ status: "verified", checkError: null });
    // Read again about a day later; the shop's pages on every server forget their cached copies.
    expect(verified?.nextCheckAt?.getTime()).toBeGreaterThan(Date.now() + VERIFIED_RECHECK_MS - 60_000);
    expect(changes).toBe(before + 1);
  });

  it("a verified domain whose TXT record is gone becomes failed: ownership is no longer proven", async () => {
    const { view, agent } = await pendingDomain();
    setShownRecords(fake, view);
    expect((await agent.post(`/api/domains/${view.id}/check`)).json().status).toBe("verified");
    const verifiedAt = (await rowOf(view.id))?.verifiedAt;

    // Still there at the daily check: stays verified, since when it was first.
    await makeDue(view.id);
    await runDomainCheckPass(ctx);
    expect(await rowOf(view.id)).toMatchObject({ status: "verified", verifiedAt });

    fake.remove({ name: view.records[0]?.name, type: "TXT" });
    await makeDue(view.id);
    const before = changes;
    await runDomainCheckPass(ctx);
    expect(await rowOf(view.id)).toMatchObject({
      status: "failed",
      checkError: "errors.dnsVerifyRecordMissing",
      verifiedAt: null,
      nextCheckAt: null,
    });
    expect(changes).toBe(before + 1);
    const allowed = await t.app.inject({
      method: "GET",
      url: `/api/domains/tls-allowed?domain=${view.domain}`,
    });
    expect(allowed.statusCode).toBe(404);
  });

  it("a domain unverified for 7 days fails and is no longer read by itself; Check now still works", async () => {
    const { view, agent } = await pendingDomain("shop");
    await t.database.db
      .update(storeDomains)
      .set({ createdAt: new Date(Date.now() - PENDING_GIVE_UP_MS - 60_000) })
      .where(eq(storeDomains.id, view.id));
    await makeDue(view.id);
    await runDomainCheckPass(ctx);
    expect(await rowOf(view.id)).toMatchObject({ status: "failed", nextCheckAt: null });
    // Not due any more: a later pass leaves it alone.
    const checkedAt = (await rowOf(view.id))?.checkedAt;
    await runDomainCheckPass(ctx, new Date(Date.now() + 30 * 24 * 60 * 60 * 1000));
    expect((await rowOf(view.id))?.checkedAt).toEqual(checkedAt);

    setShownRecords(fake, view);
    const now = await agent.post(`/api/domains/${view.id}/check`);
    expect(now.json()).toMatchObject({ status: "verified", checkError: null });
  });

  it("DNS not answering changes nothing", async () => {
    const { view } = await pendingDomain();
    await makeDue(view.id);
    const before = await rowOf(view.id);
    fake.failing = true;
    try {
      await runDomainCheckPass(ctx);
    } finally {
      fake.failing = false;
    }
    const after = await rowOf(view.id);
    expect(after).toMatchObject({
      status: "pending",
      checkError: before?.checkError,
      checkedAt: before?.checkedAt,
    });
    // Claimed with a lease: read again later, not at once by every server.
    expect(after?.nextCheckAt?.getTime()).toBeGreaterThan(Date.now());
  });

  it("two passes at once read each due domain once", async () => {
    const views = await Promise.all([pendingDomain(), pendingDomain()]);
    for (const { view } of views) await makeDue(view.id);
    const [a, b] = await Promise.all([runDomainCheckPass(ctx), runDomainCheckPass(ctx)]);
    expect(a.checked + b.checked).toBe(2);
  });

  it("the app's worker runs the same pass", async () => {
    const { view } = await pendingDomain();
    setShownRecords(fake, view);
    await makeDue(view.id);
    await t.app.domainChecks.run();
    expect((await rowOf(view.id))?.status).toBe("verified");
  });
});

import { asc, inArray, lte } from "drizzle-orm";
import { DnsUnavailableError } from "../../adapters/dns";
import { storeDomains } from "../../db/schema";
import { IntervalWorker } from "../../lib/interval-worker";
import { checkDomain, type DomainContext } from "./service";

/** How many due domains one claim takes. */
const BATCH = 25;
/** A claimed domain is not due again for this long, so a server that dies mid-pass loses nothing. */
const LEASE_MS = 5 * 60 * 1000;
/** One pass reads at most this many batches; the rest wait for the next pass. */
const MAX_BATCHES = 40;

/**
 * One pass over the domains that are due (decision 0080). Each batch is claimed in one statement, with
 * `FOR UPDATE SKIP LOCKED`, its next check moved a lease ahead: two servers never read the same domain.
 * DNS not answering changes nothing but when it is read again.
 */
export async function runDomainCheckPass(ctx: DomainContext, now = new Date()) {
  let checked = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = ctx.db
      .select({ id: storeDomains.id })
      .from(storeDomains)
      .where(lte(storeDomains.nextCheckAt, now))
      .orderBy(asc(storeDomains.nextCheckAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const claimed = await ctx.db
      .update(storeDomains)
      .set({ nextCheckAt: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(storeDomains.id, due))
      .returning();
    for (const row of claimed) {
      try {
        await checkDomain(ctx, row, now);
        checked += 1;
      } catch (error) {
        if (error instanceof DnsUnavailableError) {
          ctx.log.warn(
            { domain: row.domain, code: error.code },
            "DNS did not answer a domain check; will retry",
          );
        } else {
          ctx.log.error({ err: error, domain: row.domain }, "domain check failed; will retry");
        }
      }
    }
    if (claimed.length < BATCH) break;
  }
  return { checked };
}

/**
 * Reads due domains on a timer, like the tracking worker: one pass every DOMAIN_CHECK_MINUTES, never two
 * at once on this server. 0 minutes: it never runs by itself; tests call run().
 */
export class DomainCheckWorker extends IntervalWorker<Awaited<ReturnType<typeof runDomainCheckPass>>> {
  constructor(ctx: DomainContext) {
    super({
      name: "domain check",
      intervalMs: ctx.checkMs,
      log: ctx.log,
      pass: (now) => runDomainCheckPass(ctx, now),
    });
  }
}

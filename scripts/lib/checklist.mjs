// What the plain-Node check stages (the production install, the deployment) share: named checks that
// each pass or fail, and a browser stand-in for one site. No dependencies: they run outside the suites.

/** Checks run one after another; each is logged as passed or failed, and a failure does not stop the rest. */
export function checklist(log = (line) => process.stdout.write(`${line}\n`)) {
  const results = [];
  /** Something the checks needed failed before a check could run (a server that did not start). */
  const fail = (name, error) => {
    results.push(false);
    log(`  ✗ ${name}: ${error instanceof Error ? error.message : String(error)}`);
  };
  return {
    /** Runs one check; what it returns is shown beside its name. */
    async check(name, body) {
      try {
        const detail = await body();
        results.push(true);
        log(`  ✓ ${name}${detail ? ` (${detail})` : ""}`);
      } catch (error) {
        fail(name, error);
      }
    },
    fail,
    summary: () => ({ passed: results.filter(Boolean).length, failed: results.filter((ok) => !ok).length }),
  };
}

export function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** The answer's status, or a failure naming what answered and what it said. */
export async function expectStatus(response, status, what) {
  if (response.status !== status)
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
}

/**
 * A browser stand-in for the site at `origin`: keeps the session cookie between calls and sends the
 * site's own Origin, as the app does (writes from another origin are refused).
 */
export function siteClient(origin) {
  let cookie = "";
  const call = async (url, { method = "GET", body, headers = {}, base = origin } = {}) => {
    const response = await fetch(`${base}${url}`, {
      method,
      body,
      headers: { origin, ...(cookie ? { cookie } : {}), ...headers },
    });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie?.startsWith("torg_session=")) cookie = setCookie.split(";")[0];
    return response;
  };
  return {
    call,
    json: (url, value, method = "POST") =>
      call(url, { method, body: JSON.stringify(value), headers: { "content-type": "application/json" } }),
    /** Forgets the session: the next calls are an anonymous shopper's. */
    signOut() {
      cookie = "";
    },
  };
}

// The Caddy half of `npm run deploy:check`: Debian's Caddy with deploy/caddy/Caddyfile in front of the
// same two app servers, its internal CA standing in for Let's Encrypt, and a DNS server of the check's
// own standing in for the seller's registrar. A seller signs up at the platform's host, adds a domain,
// "Check now" verifies it, and the shop answers at that domain over real TLS with a certificate issued
// on demand; a domain that is not a verified shop's gets no certificate at all.

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, expectStatus, sellerWithStore, siteClient } from "./checklist.mjs";
import { tlsFetch } from "./deploy-check-net.mjs";
import { root } from "./prepare.mjs";
import { freePort } from "./production-check.mjs";

const CADDY = process.env.CADDY_PATH ?? "/usr/bin/caddy";
const CADDYFILE = path.join(root, "deploy", "caddy", "Caddyfile");
const SAMPLE_PHOTO = path.join(root, "src/server/adapters/ai/offline/fixtures/coffee-cup.jpg");

/** The names and ports of one run: random names, so a rerun never meets a certificate it made before. */
export async function caddyPlan() {
  const tag = randomBytes(4).toString("hex");
  return {
    platformHost: `torg-${tag}.test`,
    shopDomain: `shop-${tag}.test`,
    unknownDomain: `refused-${tag}.test`,
    unverifiedDomain: `pending-${tag}.test`,
    httpPort: await freePort(),
    httpsPort: await freePort(),
    askPort: await freePort(),
  };
}

/**
 * deploy/caddy/Caddyfile as operators install it, with this run's names, ports and folders, and the
 * internal CA instead of a public one; every rewrite must apply. `local_certs`: "Causes all certificates
 * to be issued internally by default, rather than through a (public) ACME CA such as Let's Encrypt";
 * `skip_install_trust`: "Skips the attempts to install the local CA's root into the system trust store"
 * (the check runs as root on CI machines, whose trust store it must leave alone); `http_port` and
 * `https_port`: "The port for the server to use for HTTP[S]"; `admin off` leaves port 2019 to others;
 * `debug` logs the TLS handshake errors the refused domains cause (Go's http server log, at DEBUG).
 */
function caddyfileFor(plan, appPorts) {
  let config = fs.readFileSync(CADDYFILE, "utf8");
  const options = ["local_certs", "skip_install_trust", "admin off", "debug"];
  options.push(`http_port ${plan.httpPort}`, `https_port ${plan.httpsPort}`);
  const rewrites = [
    ["\temail ops@example.no\n", `\temail ops@example.no\n${options.map((line) => `\t${line}\n`).join("")}`],
    ["ask http://127.0.0.1:2080/", `ask http://127.0.0.1:${plan.askPort}/`],
    ["http://127.0.0.1:2080 {", `http://127.0.0.1:${plan.askPort} {`],
    ["127.0.0.1:3001 127.0.0.1:3002", appPorts.map((port) => `127.0.0.1:${port}`).join(" ")],
    ["/srv/torg/dist/web", path.join(root, "dist", "web")],
    ["\nshop.example.no {", `\n${plan.platformHost} {`],
  ];
  for (const [from, to] of rewrites) {
    if (!config.includes(from)) throw new Error(`deploy/caddy/Caddyfile no longer contains "${from.trim()}"`);
    config = config.replace(from, to);
  }
  return config;
}

/** A TLS handshake for `name` that is expected to fail: the error, or a failure if a certificate came. */
async function refusedHandshake(send, origin) {
  try {
    const response = await send(`${origin}/`);
    throw new Error(
      `answered ${response.status} with a certificate for ${response.certificate?.subjectaltname}`,
    );
  } catch (error) {
    if (error.message.startsWith("answered ")) throw error;
    return error;
  }
}

/**
 * Caddy in front of `servers` (started with PUBLIC_URL at the plan's platform host and DNS_SERVERS at
 * `dns`), and the checks through it. Its processes and files are in `dir`; `cleanups` stops them.
 */
export async function checkCaddy(checks, { plan, dns, servers, dir, cleanups, log }) {
  const { check } = checks;
  const started = performance.now();
  if (!fs.existsSync(CADDY)) {
    await check("Caddy is installed", () => {
      throw new Error(`no caddy at ${CADDY}: apt-get install -y caddy (or set CADDY_PATH)`);
    });
    return;
  }
  const caddyDir = path.join(dir, "caddy");
  fs.mkdirSync(path.join(caddyDir, "data"), { recursive: true });
  fs.mkdirSync(path.join(caddyDir, "config"), { recursive: true });
  const configFile = path.join(caddyDir, "Caddyfile");
  fs.writeFileSync(
    configFile,
    caddyfileFor(
      plan,
      servers.map((server) => server.port),
    ),
  );
  const logFile = path.join(caddyDir, "caddy.log");
  const logFd = fs.openSync(logFile, "w");
  const caddyLog = () => fs.readFileSync(logFile, "utf8");
  // Caddy keeps certificates, keys and its CA under $XDG_DATA_HOME/caddy, its autosaved config under
  // $XDG_CONFIG_HOME/caddy (Conventions → Data directory): both in this run's folder.
  const caddy = spawn(CADDY, ["run", "--config", configFile, "--adapter", "caddyfile"], {
    env: {
      PATH: process.env.PATH,
      HOME: caddyDir,
      XDG_DATA_HOME: path.join(caddyDir, "data"),
      XDG_CONFIG_HOME: path.join(caddyDir, "config"),
    },
    stdio: ["ignore", logFd, logFd],
  });
  cleanups.push(
    () =>
      new Promise((resolve) => {
        fs.closeSync(logFd);
        if (caddy.exitCode !== null) return resolve();
        const force = setTimeout(() => caddy.kill("SIGKILL"), 5000);
        caddy.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        caddy.kill("SIGTERM");
      }),
  );

  const platform = `https://${plan.platformHost}:${plan.httpsPort}`;
  const rootCertificate = path.join(caddyDir, "data", "caddy", "pki", "authorities", "local", "root.crt");
  let send;
  await check(
    "Caddy starts with deploy/caddy/Caddyfile and serves the platform's host over HTTPS",
    async () => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        if (caddy.exitCode !== null)
          throw new Error(`caddy exited with ${caddy.exitCode}:\n${caddyLog().slice(-2000)}`);
        // The root is written once Caddy's CA exists; read again until a handshake verifies against it.
        const candidate = fs.existsSync(rootCertificate)
          ? tlsFetch(fs.readFileSync(rootCertificate))
          : undefined;
        const response = await candidate?.(`${platform}/api/health`).catch(() => undefined);
        if (response?.ok) {
          send = candidate;
          const names = response.certificate?.subjectaltname;
          expect(names === `DNS:${plan.platformHost}`, `the platform's certificate names ${names}`);
          return `${names}, issued by ${response.certificate.issuer?.CN}`;
        }
        if (Date.now() > deadline)
          throw new Error(`no answer through Caddy within 20 s:\n${caddyLog().slice(-2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  );
  if (!send) return;
  const client = siteClient(platform, { fetch: send });
  const { call, json } = client;

  await check("Caddy passes its request id, the visitor's address and HTTPS, never forged ones", async () => {
    const response = await call("/api/health", {
      headers: { "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "http" },
    });
    const id = response.headers.get("x-request-id");
    let line;
    for (let tries = 0; !line && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      line = servers
        .flatMap((server) => server.logs())
        .find((entry) => entry.reqId === id && entry.msg === "request");
    }
    expect(line, `no access-log line with Caddy's request id ${id}`);
    expect(line.ip === "127.0.0.1", `the app saw the visitor as ${line.ip}`);
  });

  const { email, store } = await sellerWithStore(checks, client, {
    fullName: "Butikkeier",
    storeName: "Caddy Keramikk",
    via: " at the platform's host through Caddy",
  });
  if (!store) return;
  await check("the app sees HTTPS behind Caddy: the seller's session cookie is Secure", async () => {
    // COOKIE_SECURE=auto marks the cookie Secure when the request came over HTTPS: X-Forwarded-Proto.
    const response = await json("/api/login", { email, password: "correct horse battery" });
    await expectStatus(response, 200, "login");
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(/;\s*secure/i.test(cookie), `the session cookie is not Secure: ${cookie.replace(/=[^;]*/, "=…")}`);
  });
  let product;
  await check("the seller adds a product with a photo through Caddy", async () => {
    const form = new FormData();
    form.append("title", "Tekopp i steingods");
    form.append("basePrice", "349");
    form.append("image", new Blob([fs.readFileSync(SAMPLE_PHOTO)], { type: "image/jpeg" }), "kopp.jpg");
    const created = await call(`/api/stores/${store.id}/products`, { method: "POST", body: form });
    await expectStatus(created, 201, "create product");
    product = await created.json();
  });

  let domain;
  await check(
    `the seller adds ${plan.shopDomain}, sets its records, and "Check now" verifies it`,
    async () => {
      const added = await json(`/api/stores/${store.id}/domains`, { domain: plan.shopDomain });
      await expectStatus(added, 201, "add domain");
      domain = await added.json();
      expect(domain.records?.length > 0, "no DNS records to set");
      dns.set(domain.records);
      const checked = await json(`/api/domains/${domain.id}/check`, {});
      await expectStatus(checked, 200, "check domain");
      const result = await checked.json();
      expect(result.status === "verified", `the domain is ${result.status} (${result.checkError})`);
      return domain.records.map((record) => `${record.type} ${record.name}`).join(", ");
    },
  );

  const shop = `https://${plan.shopDomain}:${plan.httpsPort}`;
  await check(
    `the shop answers at ${plan.shopDomain} over TLS, with a certificate issued on demand`,
    async () => {
      const first = performance.now();
      const response = await send(`${shop}/`);
      const html = await response.text();
      expect(response.status === 200, `GET ${shop}/ answered ${response.status}`);
      expect(html.includes("Caddy Keramikk"), "the store's name is not in the page");
      const names = response.certificate?.subjectaltname;
      expect(names === `DNS:${plan.shopDomain}`, `the certificate names ${names}`);
      expect(/obtaining new certificate/.test(caddyLog()), "Caddy's log shows no on-demand issuance");
      // The app saw the scheme, host and port Caddy was reached at: its links name the domain over HTTPS.
      expect(html.includes(`<link rel="canonical" href="${shop}/">`), `no canonical link to ${shop}/`);
      return `${names}, first answer in ${Math.round(performance.now() - first)} ms`;
    },
  );
  await check(`a product page at ${plan.shopDomain}`, async () => {
    expect(product, "no product was created");
    const response = await send(`${shop}/products/${product.id}`);
    const html = await response.text();
    expect(response.status === 200, `GET /products/${product.id} answered ${response.status}`);
    expect(html.includes("Tekopp i steingods"), "the product's title is not in the page");
  });
  await check(`the platform's /s/{slug} redirects (301) to ${plan.shopDomain} through Caddy`, async () => {
    const response = await call(`/s/${store.slug}`);
    const location = response.headers.get("location");
    expect(
      response.status === 301 && location === `${shop}/`,
      `answered ${response.status}, Location ${location}`,
    );
  });
  await check(`plain HTTP at ${plan.shopDomain} is redirected to HTTPS`, async () => {
    const response = await send(`http://${plan.shopDomain}:${plan.httpPort}/`);
    const location = response.headers.get("location") ?? "";
    expect(
      response.status === 308 && location.startsWith(`https://${plan.shopDomain}`),
      `answered ${response.status}, Location ${location}`,
    );
    return `${response.status} to ${location}`;
  });

  /** The refusal Caddy logged for a name: the ask endpoint's status, which must be a 4xx. */
  const askRefusal = async (name) => {
    let match;
    for (let tries = 0; !match && tries < 40; tries++) {
      const escaped = name.replaceAll(".", "\\.");
      match = new RegExp(
        `${escaped}: certificate not allowed by ask endpoint .*non-2xx status code (\\d+)`,
      ).exec(caddyLog());
      if (!match) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(match, `Caddy's log shows no refused ask for ${name}`);
    expect(/^4\d\d$/.test(match[1]), `the ask endpoint answered ${match[1]} for ${name}`);
    const stored = path.join(caddyDir, "data", "caddy", "certificates", "local", name);
    expect(!fs.existsSync(stored), `Caddy stored a certificate for ${name}`);
    return match[1];
  };
  await check(`a domain no shop has (${plan.unknownDomain}) gets no certificate`, async () => {
    const error = await refusedHandshake(send, `https://${plan.unknownDomain}:${plan.httpsPort}`);
    expect(error.alert, `not a TLS refusal: ${error.message}`);
    return `handshake: ${error.alert}, ask answered ${await askRefusal(plan.unknownDomain)}`;
  });
  await check(`an added but unverified domain (${plan.unverifiedDomain}) gets no certificate`, async () => {
    const added = await json(`/api/stores/${store.id}/domains`, { domain: plan.unverifiedDomain });
    await expectStatus(added, 201, "add domain");
    const pending = await added.json();
    const checked = await json(`/api/domains/${pending.id}/check`, {});
    await expectStatus(checked, 200, "check domain");
    const result = await checked.json();
    expect(result.status !== "verified", "a domain without its records was verified");
    const error = await refusedHandshake(send, `https://${plan.unverifiedDomain}:${plan.httpsPort}`);
    expect(error.alert, `not a TLS refusal: ${error.message}`);
    return `${result.status}; handshake: ${error.alert}, ask answered ${await askRefusal(plan.unverifiedDomain)}`;
  });
  log(`  (the Caddy part took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

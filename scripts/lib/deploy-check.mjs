// The production topology of deploy/, booted on this machine: Debian's nginx with deploy/nginx/torg.conf
// in front of two built app servers (node dist/server/main.js) on one PostgreSQL and an S3-compatible
// store (s3rver), then a smoke test through nginx as a seller and a shopper would use it; then Debian's
// Caddy with deploy/caddy/Caddyfile in front of the same servers, and a shop at its own domain over TLS
// (deploy-check-caddy.mjs).

import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import { checklist, expect, expectStatus, sellerWithStore, shopperBuys, siteClient } from "./checklist.mjs";
import { caddyPlan, checkCaddy } from "./deploy-check-caddy.mjs";
import { startDnsResponder } from "./deploy-check-net.mjs";
import { root } from "./prepare.mjs";
import { freePort, startBuiltServer } from "./production-check.mjs";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SITE = path.join(root, "deploy", "nginx", "torg.conf");
const SAMPLE_PHOTO = path.join(root, "src/server/adapters/ai/offline/fixtures/coffee-cup.jpg");

/** The site file as operators install it, with this machine's ports and folders; every rewrite must apply. */
function siteFor({ nginxPort, appPorts, cacheDir }) {
  let site = fs.readFileSync(SITE, "utf8");
  const rewrites = [
    ["listen 80;", `listen 127.0.0.1:${nginxPort};`],
    ["server 127.0.0.1:3001 ", `server 127.0.0.1:${appPorts[0]} `],
    ["server 127.0.0.1:3002 ", `server 127.0.0.1:${appPorts[1]} `],
    ["/srv/torg/dist/web", path.join(root, "dist", "web")],
    ["/var/cache/nginx/torg-uploads", cacheDir],
  ];
  for (const [from, to] of rewrites) {
    if (!site.includes(from)) throw new Error(`deploy/nginx/torg.conf no longer contains "${from}"`);
    site = site.replace(from, to);
  }
  return site;
}

/** nginx's own main file for a private instance: its pid, logs and temp folders inside `dir`. */
function mainConfig(dir) {
  const isRoot = process.getuid?.() === 0;
  return `${isRoot ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/torg.conf;
}
`;
}

export async function checkDeployment(log = (line) => process.stdout.write(`${line}\n`)) {
  const checks = checklist(log);
  const { check, fail, summary } = checks;

  if (!fs.existsSync(NGINX)) {
    await check("nginx is installed", () => {
      throw new Error(`no nginx at ${NGINX}: apt-get install -y nginx (or set NGINX_PATH)`);
    });
    return summary();
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-deploy-"));
  const cleanups = [];
  try {
    // Object storage, shared by both app servers.
    const s3 = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: path.join(dir, "s3"),
      configureBuckets: [{ name: "torg-uploads", configs: [] }],
    });
    const s3Address = await s3.run();
    cleanups.push(() => s3.close());

    // One PostgreSQL database for both.
    const name = `torg_deploy_${randomUUID().replaceAll("-", "")}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });
    const databaseUrl = new URL(POSTGRES_URL);
    databaseUrl.pathname = `/${name}`;

    // The DNS server the app servers ask about shops' domains (the seller's registrar, in effect).
    const dns = await startDnsResponder();
    cleanups.push(() => dns.close());
    // The platform's host is Caddy's (PUBLIC_URL, as production has it), resolved by the check's DNS
    // server; nginx is reached at its loopback address, which the app serves as the platform too.
    const plan = await caddyPlan();
    dns.set([{ type: "A", name: plan.platformHost, value: "127.0.0.1" }]);

    const nginxPort = await freePort();
    const origin = `http://127.0.0.1:${nginxPort}`;
    const env = {
      DATABASE_URL: databaseUrl.toString(),
      S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
      S3_BUCKET: "torg-uploads",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      TRUST_PROXY: "true",
      MAX_CONNECTIONS_PER_ADDRESS: "0",
      PUBLIC_URL: `https://${plan.platformHost}:${plan.httpsPort}`,
      DNS_SERVERS: `127.0.0.1:${dns.port}`,
      // No periodic checks: the check verifies a domain with "Check now", as a seller does.
      DOMAIN_CHECK_MINUTES: "0",
      WEB_ROOT: path.join(root, "dist", "web"),
      LOG_LEVEL: "info",
      ACCESS_LOG: "true",
    };
    // Both start at once and migrate the same new database: the advisory lock lets one do it.
    const servers = await Promise.all(
      ["a", "b"].map((id) => startBuiltServer(root, { ...env, DATA_DIR: path.join(dir, `data-${id}`) })),
    );
    for (const server of servers) cleanups.push(() => server.stop());
    const [serverA, serverB] = servers;

    fs.writeFileSync(
      path.join(dir, "torg.conf"),
      siteFor({ nginxPort, appPorts: servers.map((s) => s.port), cacheDir: path.join(dir, "cache") }),
    );
    fs.writeFileSync(path.join(dir, "nginx.conf"), mainConfig(dir));
    await check("nginx accepts deploy/nginx/torg.conf", () => {
      const test = spawnSync(NGINX, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], {
        encoding: "utf8",
      });
      expect(test.status === 0, test.stderr);
    });
    const nginx = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
    cleanups.push(
      () =>
        new Promise((resolve) => {
          if (nginx.exitCode !== null) return resolve();
          nginx.once("exit", () => resolve());
          nginx.kill("SIGQUIT");
        }),
    );
    const deadline = Date.now() + 15_000;
    while (
      !(await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || nginx.exitCode !== null) throw new Error("nginx did not come up");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // The seller's pages are the platform's (PUBLIC_URL, Caddy's host below), so their Origin is that;
    // nginx is the way in here.
    const client = siteClient(env.PUBLIC_URL, { via: origin });
    const { call } = client;

    await check("the built client's assets come from nginx with a year's cache", async () => {
      const html = await (await call("/")).text();
      const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
      expect(asset, "no script asset in the app's page");
      const response = await call(asset, { headers: { "accept-encoding": "gzip" } });
      expect(response.status === 200, `${asset} answered ${response.status}`);
      expect(
        response.headers.get("cache-control") === "public, max-age=31536000, immutable",
        "no immutable cache header",
      );
      // The app names every answer it makes; a file nginx sent itself carries no request id.
      expect(!response.headers.get("x-request-id"), "the asset came from an app server, not nginx");
      return `${asset}, ${response.headers.get("content-encoding") ?? "identity"}`;
    });

    await check("nginx passes its request id and the visitor's address, never a forged one", async () => {
      const response = await call("/api/health", { headers: { "x-forwarded-for": "203.0.113.7" } });
      const id = response.headers.get("x-request-id");
      expect(/^[0-9a-f]{32}$/.test(id ?? ""), `request id ${id} is not nginx's $request_id`);
      // The access-log line is written once the answer has gone: wait for it a moment.
      let line;
      for (let tries = 0; !line && tries < 40; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        line = [...serverA.logs(), ...serverB.logs()].find(
          (entry) => entry.reqId === id && entry.msg === "request",
        );
      }
      expect(line, `no access-log line with nginx's request id ${id}`);
      expect(line.ip === "127.0.0.1", `the app saw the visitor as ${line.ip}`);
    });

    const { store } = await sellerWithStore(checks, client, {
      fullName: "Driftsansvarlig",
      storeName: "Deploy",
      via: " through nginx",
    });
    let product;
    await check("a photo uploaded to one app server is served by the other", async () => {
      const form = new FormData();
      form.append("title", "Krus");
      form.append("basePrice", "199");
      form.append("image", new Blob([fs.readFileSync(SAMPLE_PHOTO)], { type: "image/jpeg" }), "krus.jpg");
      const created = await call(`/api/stores/${store.id}/products`, {
        method: "POST",
        body: form,
        base: serverA.url,
      });
      await expectStatus(created, 201, "create product on server A");
      product = await created.json();
      const image = new URL(product.primaryImage ?? product.images?.[0]?.url, origin).pathname;
      const fromB = await call(image, { base: serverB.url });
      expect(fromB.status === 200, `server B answered ${fromB.status} for ${image}`);
      expect((fromB.headers.get("content-type") ?? "").startsWith("image/"), "not an image");
      return image;
    });
    await check("nginx keeps uploaded photos with their cache headers", async () => {
      const image = new URL(product.primaryImage ?? product.images?.[0]?.url, origin).pathname;
      const first = await call(image);
      const second = await call(image);
      expect(first.status === 200 && second.status === 200, `answered ${first.status}, ${second.status}`);
      expect(
        second.headers.get("x-cache-status") === "HIT",
        `second read: ${second.headers.get("x-cache-status")}`,
      );
      expect(
        second.headers.get("cache-control") === "public, max-age=31536000, immutable",
        "no immutable cache header",
      );
    });
    await shopperBuys(checks, client, { store, product, title: "Krus", via: " through nginx" });
    await check("nginx spread the requests over both app servers", () => {
      const counts = servers.map((server) => server.logs().filter((entry) => entry.msg === "request").length);
      expect(
        counts.every((count) => count > 0),
        `requests per server: ${counts.join(", ")}`,
      );
      return `requests per server: ${counts.join(", ")}`;
    });

    await checkCaddy(checks, { plan, dns, servers, dir, cleanups, log });
  } catch (error) {
    fail("the deployment", error);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return summary();
}

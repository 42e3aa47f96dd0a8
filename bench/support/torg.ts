import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { sourceTemplate } from "../../src/server/pages/page-templates";

export const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const root = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** A fresh database for one benchmark: a new PostgreSQL database, or a new PGlite folder. */
export async function benchDatabase(kind: "postgres" | "pglite") {
  if (kind === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-bench-"));
    return {
      env: { DATA_DIR: dir, DATABASE_URL: "" },
      dir,
      url: undefined,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `torg_bench_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-bench-"));
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
    dir,
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * A web root holding the page templates the server renders shop pages into: the built ones (`dist/web`,
 * after `npm run build`) when there are, since they are what production sends (the head the build
 * writes: the login pages' inline stylesheet of decision 0044, the shop's link to its own, decision 0053);
 * else the source ones, whose head differs from production's (an unminified theme script, no stylesheet).
 * `built` says which. Scripts and styles are not fetched by a load generator, so neither needs its assets.
 */
export function templateWebRoot() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "torg-templates-"));
  const builtRoot = path.join(root, "dist", "web");
  const built = ["index.html", "shop.html"].every((page) => fs.existsSync(path.join(builtRoot, page)));
  for (const page of ["index.html", "shop.html"])
    fs.writeFileSync(
      path.join(folder, page),
      built ? fs.readFileSync(path.join(builtRoot, page), "utf8") : sourceTemplate(page),
    );
  return { path: folder, built, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Starts `src/server/main.ts` through tsx (or another entry; a built `.js` entry runs on plain node) and
 * waits until /api/health answers.
 */
export async function startServer(
  env: Record<string, string>,
  entry = "src/server/main.ts",
  healthPath = "/api/health",
): Promise<RunningServer> {
  const port = await freePort();
  const args = entry.endsWith(".js") ? [entry] : ["--import", "tsx", entry];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      // One load generator stands in for thousands of shoppers, each on their own address, with their
      // own connections.
      ORDERS_PER_IP_PER_HOUR: "0",
      MAX_CONNECTIONS_PER_ADDRESS: "0",
      // ...who all type the same phone number, and every order texts it: the SMS limits would hold
      // most texts back, and the benchmarks count every text delivered exactly once.
      SMS_PER_NUMBER_PER_HOUR: "0",
      SMS_PER_STORE_PER_HOUR: "0",
      // ...and the same e-mail address, which every receipt goes to (decision 0058).
      EMAIL_PER_RECIPIENT_PER_HOUR: "0",
      PORT: String(port),
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}${healthPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${entry} did not start within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    stop: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}

/** A seller's session cookie and a store with `count` products (each through the real image pipeline). */
/** `stockQty`: each product's stock, "" unlimited (the default: most benches order without end). */
export async function seedStore(baseUrl: string, count: number, stockQty = (_n: number) => "") {
  const email = `bench-${randomUUID().slice(0, 8)}@example.no`;
  const register = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ fullName: "Bench Seller", email, password: "bench-password" }),
  });
  const cookie = (register.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const headers = { cookie, "content-type": "application/json" };
  const slug = `bench-${randomUUID().slice(0, 8)}`;
  const store = (await (
    await fetch(`${baseUrl}/api/stores`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Bench Keramikk", slug, description: "Stoneware for everyday use." }),
    })
  ).json()) as { id: string; slug: string };
  await fetch(`${baseUrl}/api/stores/${store.id}`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ phone: "+47 912 34 567" }),
  });
  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 180, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const products: { id: string; basePrice: string }[] = [];
  for (let n = 0; n < count; n++) {
    const form = new FormData();
    form.set("title", `Stoneware piece ${n + 1}`);
    form.set("blurb", "Wheel-thrown and glazed by hand in our workshop.");
    form.set("basePrice", String(150 + n * 25));
    form.set("sku", `SKU-${n + 1}`);
    form.set("stockQty", stockQty(n));
    form.set("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "piece.jpg");
    const response = await fetch(`${baseUrl}/api/stores/${store.id}/products`, {
      method: "POST",
      headers: { cookie },
      body: form,
    });
    if (response.status !== 201)
      throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
    products.push((await response.json()) as { id: string; basePrice: string });
  }
  return { cookie, store, products };
}

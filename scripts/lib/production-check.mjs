// The production install, exactly as an operator does it: the built files and the lockfile in a clean
// folder, `npm ci --omit=dev`, then `node dist/server/main.js`, and a seller's and a shopper's first
// steps against it. Plain Node, no dependencies: it must not lean on the development install.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { checklist, expect, expectStatus, sellerWithStore, shopperBuys, siteClient } from "./checklist.mjs";
import { root } from "./prepare.mjs";

/** What a production folder holds: the lockfile and manifest, the migrations, the build and the runners. */
const SHIPPED = ["package.json", "package-lock.json", "drizzle", "dist", "scripts"];
const SAMPLE_PHOTO = "src/server/adapters/ai/offline/fixtures/coffee-cup.jpg";

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the built server and waits for /api/health: how long that took, and the process. */
export async function startBuiltServer(folder, env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    cwd: folder,
    // No NODE_ENV, as the README's command sets none: the server defaults it itself (decision 0061).
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  // The server's log lines (pino writes JSON, one object per line, to stdout).
  const logs = [];
  let partial = "";
  child.stdout.on("data", (chunk) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        // Not a log line (the startup banner).
      }
    }
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${stderr}`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer /api/health within 60 s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const startMs = performance.now() - started;
  return {
    url,
    port,
    child,
    startMs,
    logs: () => logs,
    stderr: () => stderr,
    /** Resident memory of the server process, from /proc (Linux). */
    rssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
    },
  };
}

/** A clean folder with what an operator ships, and `npm ci --omit=dev` run in it. */
export function productionFolder() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "torg-production-"));
  for (const entry of SHIPPED)
    fs.cpSync(path.join(root, entry), path.join(folder, entry), { recursive: true });
  const install = spawnSync("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"], {
    cwd: folder,
    encoding: "utf8",
  });
  return { folder, install, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Runs the checks and reports each as passed or failed. Needs a build (dist/web and dist/server).
 * Returns the counts and the figures (start time, memory) for the bench.
 */
export async function checkProductionInstall(log = (line) => process.stdout.write(`${line}\n`)) {
  const checks = checklist(log);
  const { check, fail, summary } = checks;
  const { folder, install, remove } = productionFolder();
  const figures = {};
  try {
    await check("npm ci --omit=dev installs without engine warnings", () => {
      expect(install.status === 0, `npm ci failed:\n${install.stderr}`);
      expect(!/EBADENGINE/.test(install.stderr), `engine warnings:\n${install.stderr}`);
      const devOnly = ["tsx", "vite", "esbuild", "typescript", "vitest"].filter((name) =>
        fs.existsSync(path.join(folder, "node_modules", name, "package.json")),
      );
      expect(devOnly.length === 0, `development tools were installed: ${devOnly.join(", ")}`);
    });
    const server = await startBuiltServer(folder, { DATA_DIR: path.join(folder, "data") });
    figures.startMs = Math.round(server.startMs);
    figures.rssAtStartMb = server.rssMb();
    const origin = server.url;
    const client = siteClient(origin);
    const { call } = client;
    try {
      await check(
        "the production server starts with plain node and migrates a new database",
        () => `${figures.startMs} ms, ${figures.rssAtStartMb} MB`,
      );
      await check("the login page is rendered on the server", async () => {
        const response = await call("/login");
        const html = await response.text();
        expect(response.status === 200 && html.includes("Log in"), `GET /login answered ${response.status}`);
      });
      const { email, store } = await sellerWithStore(checks, client, {
        fullName: "Ola Operatør",
        storeName: "Produksjon",
      });
      const photo = new Blob([fs.readFileSync(path.join(root, SAMPLE_PHOTO))], { type: "image/jpeg" });
      await check("the offline AI analyses a photo", async () => {
        const form = new FormData();
        form.append("productImage", photo, "cup.jpg");
        const response = await call("/api/products/analyze", { method: "POST", body: form });
        await expectStatus(response, 200, "analyze");
      });
      let product;
      await check("the seller adds a product with a photo (sharp)", async () => {
        const form = new FormData();
        form.append("title", "Kaffekopp");
        form.append("basePrice", "249");
        form.append("image", photo, "cup.jpg");
        const response = await call(`/api/stores/${store.id}/products`, { method: "POST", body: form });
        await expectStatus(response, 201, "create product");
        product = await response.json();
      });
      await shopperBuys(checks, client, { store, product, title: "Kaffekopp", via: " on the server" });
      figures.rssAfterUseMb = server.rssMb();
      // The embedded database is one process's: the command runs once the server has stopped.
      await server.stop();
      await check("npm run admin grants admin rights in the production folder", () => {
        const admin = spawnSync("npm", ["run", "--silent", "admin", "--", "grant", email], {
          cwd: folder,
          encoding: "utf8",
          env: { PATH: process.env.PATH, DATA_DIR: path.join(folder, "data"), LOG_LEVEL: "warn" },
        });
        expect(
          admin.status === 0 && /now a platform admin/.test(admin.stdout),
          `admin exited ${admin.status}: ${admin.stderr}`,
        );
      });
      const backupFile = path.join(folder, "backups", "torg.tar.gz");
      const cli = (args, dataDir) =>
        spawnSync("npm", ["run", "--silent", ...args], {
          cwd: folder,
          encoding: "utf8",
          env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
        });
      await check("npm run backup writes the database and the photos into one file", () => {
        const backup = cli(["backup", "--", backupFile], path.join(folder, "data"));
        expect(
          backup.status === 0 && fs.existsSync(backupFile),
          `backup exited ${backup.status}: ${backup.stderr}`,
        );
        return backup.stdout.trim();
      });
      await check(
        "npm run restore brings it back into a new installation that serves the photos",
        async () => {
          const restoredDir = path.join(folder, "data-restored");
          const restore = cli(["restore", "--", backupFile], restoredDir);
          expect(restore.status === 0, `restore exited ${restore.status}: ${restore.stderr}`);
          const restored = await startBuiltServer(folder, { DATA_DIR: restoredDir });
          try {
            const image = await fetch(`${restored.url}${product.primaryImage}`);
            expect(image.status === 200, `the restored photo answered ${image.status}`);
            const shop = await fetch(`${restored.url}/s/${store.slug}`);
            expect((await shop.text()).includes("Kaffekopp"), "the restored storefront lacks its product");
          } finally {
            await restored.stop();
          }
          return restore.stdout.trim();
        },
      );
    } finally {
      await server.stop();
    }
  } catch (error) {
    fail("the production server", error);
  } finally {
    remove();
  }
  return { ...summary(), figures };
}

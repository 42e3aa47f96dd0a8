import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "./lib/project-root";

/**
 * Issue item 12: `npm start` and `npm run serve` start the server without NODE_ENV (as the README says),
 * and React picks its development or production build from process.env.NODE_ENV itself, whatever
 * Torg's config defaults to. The server is started here exactly that way, NODE_ENV removed from its
 * environment, with one observer preloaded (`--require`) that only reports, when the process exits,
 * which of React's CommonJS files ran: the built bundle (what `npm start` and `npm run serve` run, from
 * launch.ts), and the source entry on tsx (main.ts, as `npm run dev` and the benches start it). Ran, not only listed: Node's ESM loader reads both of React's builds to learn
 * their export names, and keeps them in require.cache unrun (`loaded` false).
 *
 * Nothing in it touches the database beyond starting on one, so it runs in the PGlite project only.
 */
const OBSERVER = `process.on("exit", () => {
  const loaded = Object.entries(require.cache)
    .filter(([file, module]) => module.loaded && /[\\\\/](react|react-dom)[\\\\/]cjs[\\\\/]/.test(file))
    .map(([file]) => file);
  require("node:fs").writeSync(2, "REACT_FILES " + JSON.stringify(loaded) + "\\n");
});
`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Starts `args` without NODE_ENV, waits for /api/health, stops it, and answers React's loaded files. */
async function reactFilesOfServer(args: string[], work: string): Promise<string[]> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-node-env-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
  };
  delete env.NODE_ENV;
  const child: ChildProcess = spawn(
    process.execPath,
    ["--require", path.join(work, "observer.cjs"), ...args],
    { cwd: PROJECT_ROOT, env, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited early:\n${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`${args.join(" ")} did not start:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill("SIGTERM");
    await exited;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const line = /^REACT_FILES (.*)$/m.exec(stderr)?.[1];
  if (!line) throw new Error(`the observer reported nothing:\n${stderr}`);
  return (JSON.parse(line) as string[]).map((file) => path.basename(file));
}

// Once, in the PGlite pass: the servers it starts use their own embedded database, so the PostgreSQL
// pass would start the same two servers again and prove nothing more.
describe.skipIf(process.env.TORG_TEST_DB === "postgres")(
  "issue item 12: the server runs React's production build when NODE_ENV is not set",
  () => {
    // Inside the project, so the bundle finds node_modules as dist/server does.
    const work = path.join(PROJECT_ROOT, ".tmp", `node-env-${randomUUID().slice(0, 8)}`);

    beforeAll(() => {
      fs.mkdirSync(work, { recursive: true });
      fs.writeFileSync(path.join(work, "observer.cjs"), OBSERVER);
      // The build `npm start` and `npm run build` make (scripts/lib/prepare.mjs), into a folder of its own.
      const build = `import { buildServer } from "./scripts/lib/prepare.mjs"; await buildServer({ outdir: ${JSON.stringify(path.join(work, "server"))} });`;
      execFileSync(process.execPath, ["--input-type=module", "-e", build], { cwd: PROJECT_ROOT });
    });
    afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

    const expectProduction = (files: string[]) => {
      expect(files).toContain("react-dom-server.node.production.js");
      expect(files).toContain("react.production.js");
      expect(files.filter((file) => file.includes("development"))).toEqual([]);
    };

    it("the built server, as `npm start` and `npm run serve` run it (node dist/server/main.js)", async () => {
      expectProduction(await reactFilesOfServer([path.join(work, "server", "main.js")], work));
    }, 120_000);

    it("the source entry on tsx (src/server/main.ts)", async () => {
      expectProduction(await reactFilesOfServer(["--import", "tsx", "src/server/main.ts"], work));
    }, 120_000);
  },
);

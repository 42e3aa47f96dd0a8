// First: NODE_ENV's default, before anything that imports React is evaluated (production-default.ts).
import "./production-default";
import { createStorage } from "./adapters/storage";
import { buildApp } from "./app";
import { carryOut, serveCommands } from "./cli/server-commands";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { migrateDatabase } from "./db/migrate";

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    // The embedded database is this process's alone while it runs: a second server is refused (decision 0059).
    owner: "server",
  });
  await migrateDatabase(database);
  const app = await buildApp({ config, database });
  for (const warning of config.warnings) app.log.warn(warning);
  // ...and `npm run backup` and `npm run admin` run beside it ask it to do their work.
  const commands =
    database.kind === "pglite"
      ? await serveCommands(config.dataDir, (request) => {
          app.log.info({ command: request.command }, "carrying out a command from the command line");
          return carryOut(database, createStorage(config), request);
        }).catch((error: Error) => {
          // The commands then refuse to run while this server does, saying so: nothing is written twice.
          app.log.warn(`npm run backup and npm run admin cannot reach this server: ${error.message}`);
          return undefined;
        })
      : undefined;

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await commands?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL";
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  process.stdout.write(`\nTorg is running at ${url}  (database: ${where})\n\n`);
  if (!config.publicUrl && config.env === "production") {
    // Without it, links in QR codes and shop pages follow the Host of each request, and a request to any
    // host not in ALLOWED_HOSTS (or loopback, or this machine's addresses) is refused.
    const warning =
      "PUBLIC_URL is not set: production needs it (https://your-shop.example). Until then, links follow the address each request came to, and requests to any other host than loopback, this machine's addresses and ALLOWED_HOSTS get no links (421).";
    app.log.warn(warning);
    process.stdout.write(`${warning}\n\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Torg could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

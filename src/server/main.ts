// First: NODE_ENV's default, before anything that imports React is evaluated (production-default.ts).
import "./production-default";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { migrateDatabase } from "./db/migrate";

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await migrateDatabase(database);
  const app = await buildApp({ config, database });
  for (const warning of config.warnings) app.log.warn(warning);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
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

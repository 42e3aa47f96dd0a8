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
}

main().catch((error: unknown) => {
  process.stderr.write(`Torg could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

import type { Config } from "../config";
import type { Database, Db } from "../db/client";

/** What every route module is handed by buildApp: the database and the configuration, nothing global. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
}

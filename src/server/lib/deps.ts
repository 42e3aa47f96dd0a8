import type { Config } from "../config";
import type { Database, Db } from "../db/client";
import type { MicroCache } from "./micro-cache";

/** What every route module is handed by buildApp: the database and the configuration, nothing global. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** Serialised public reads (storefront, product pages), cleared by any store or product write. */
  publicCache: MicroCache;
}

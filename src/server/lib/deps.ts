import type { Config } from "../config";
import type { Database, Db } from "../db/client";
import type { MicroCache } from "./micro-cache";

/**
 * Told by a service after it changed what shoppers see (a store, its payment methods or phone, a product):
 * the public read cache and the rendered shop pages are dropped (decision 0031).
 */
export type OnCatalogueChange = () => void;

/** What every route module is handed by buildApp: the database and the configuration, nothing global. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** Serialised public reads (storefront, product pages), cleared through `onCatalogueChange`. */
  publicCache: MicroCache;
  /** Handed to the catalogue services: clears `publicCache` (decision 0031). */
  onCatalogueChange: OnCatalogueChange;
}

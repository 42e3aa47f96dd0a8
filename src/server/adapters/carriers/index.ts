import type { CarrierProvider } from "../../../shared/shipping";
import type { Config } from "../../config";
import type { Carrier } from "./carrier";

export * from "./carrier";

/** The carriers this server can reach; one left out (BRING_API_URL empty) is off here (decision 0079). */
export type Carriers = Partial<Record<CarrierProvider, Carrier>>;

/** The carriers the configuration points at. */
export function createCarriers(config: Config): Carriers {
  const carriers: Carriers = {};
  void config.carriers;
  return carriers;
}

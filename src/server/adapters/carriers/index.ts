import type { CarrierProvider } from "../../../shared/shipping";
import type { Config } from "../../config";
import { createBringCarrier } from "./bring";
import type { Carrier } from "./carrier";

export * from "./carrier";

/** The carriers this server can reach; one left out (BRING_API_URL empty) is off here (decision 0079). */
export type Carriers = Partial<Record<CarrierProvider, Carrier>>;

/**
 * Torg's address when PUBLIC_URL is not set (a development machine): Bring asks every caller for "The URL
 * for the service where you are using the API" (`X-Bring-Client-URL`), which names the platform, not
 * the machine, so the public site is the honest answer.
 */
export const DEFAULT_BRING_CLIENT_URL = "https://torg.no";

/** The carriers the configuration points at. */
export function createCarriers(config: Config): Carriers {
  const carriers: Carriers = {};
  if (config.carriers.bring) {
    carriers.bring = createBringCarrier({
      apiUrl: config.carriers.bring.apiUrl,
      clientUrl: config.publicUrl ?? DEFAULT_BRING_CLIENT_URL,
      testBookings: config.carriers.bring.testBookings,
    });
  }
  return carriers;
}

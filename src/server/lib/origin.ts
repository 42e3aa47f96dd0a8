import type { FastifyRequest } from "fastify";
import type { Config } from "../config";

/** The address shoppers use: PUBLIC_URL when set, else the one this request came to. */
export function publicOrigin(request: FastifyRequest, config: Pick<Config, "publicUrl">): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
